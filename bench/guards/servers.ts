/**
 * The guard bench's server process: one Express 4 app per contender on 127.0.0.1, the same route behind each
 * library's minimum-role guard — orgauth/express's `requireOrgMemberWithMinimumRole` and `@propelauth/express`'s —
 * both verifying the token locally with the same verifier key. `GET /cpu` (unguarded) answers the process's CPU
 * microseconds so far, so the bench can count what each batch of requests cost the server. Prints both ports as JSON.
 */
import type { AddressInfo } from "node:net";
import { initAuth } from "@propelauth/express";
import type express from "express";
import express4 from "express4";
import { createExpressAuth } from "../../src/express/index.js";

const [authUrl = "", apiKey = "", verifierKey = ""] = process.argv.slice(2);
const ROUTE = "/orgs/:orgId/admin";

/** An Express 4 app with the guard on the route and the CPU counter; resolves its port. */
async function serve(guard: express.RequestHandler): Promise<number> {
  const app = (express4 as unknown as typeof express)();
  app.get("/cpu", (_req, res) => {
    const { user, system } = process.cpuUsage();
    res.json({ cpu: user + system });
  });
  app.get(ROUTE, guard, (req, res) => {
    res.json({ orgId: req.params.orgId });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

const ours = createExpressAuth({ authUrl, apiKey, verifierKey });
const theirs = initAuth({ authUrl, apiKey, manualTokenVerificationMetadata: { verifierKey, issuer: authUrl } });
const ports = {
  orgauth: await serve(
    ours.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }) as express.RequestHandler,
  ),
  vendor: await serve(theirs.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" })),
};
console.log(JSON.stringify(ports));
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
