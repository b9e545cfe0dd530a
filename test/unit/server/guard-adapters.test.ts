/**
 * The guards of orgauth/express (on Express 5 and 4), orgauth/fastify and orgauth/fetch (Hono, a plain worker) answer
 * the same requests with the same statuses: every guard's allow and deny, API keys where a route allows them, 503 in
 * an outage of the auth host, the app's own denial, and a failure of the app's org lookup handed to the framework.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import express4 from "express4";
import Fastify from "fastify";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { createExpressAuth, type ExpressAuthOptions } from "../../../src/express/index.js";
import { createFastifyAuth } from "../../../src/fastify/index.js";
import { createHonoGuards, createRequestGuards } from "../../../src/fetch/index.js";
import { userClaims } from "./fake-auth-host.js";
import { createGuardHost, KEYS } from "./guard-host.js";

const guardHost = await createGuardHost();
const { host, state } = guardHost;
const outageHost = await createGuardHost();
outageHost.state.down = true;

/** One request: path, credential, expected status. */
type Case = [
  path: string,
  bearer: "token" | "reader" | "personal" | "org" | "expired" | "none" | "junk",
  status: number,
];

const CASES: Case[] = [
  ["/me", "token", 200],
  ["/me", "none", 401],
  ["/me", "junk", 401],
  ["/me", "expired", 401],
  ["/me", "personal", 401], // keys not accepted on this route
  ["/maybe", "none", 200],
  ["/maybe", "expired", 200],
  ["/orgs/org-a/member", "token", 200],
  ["/orgs/org-c/member", "token", 403],
  ["/orgs/org-a/admin", "token", 200],
  ["/orgs/org-a/admin", "reader", 403],
  ["/orgs/org-b/exact-reader", "reader", 200],
  ["/orgs/org-a/exact-reader", "token", 403],
  ["/orgs/org-a/can-write", "token", 200],
  ["/orgs/org-a/can-write", "reader", 403],
  ["/orgs/org-a/read-write", "token", 200],
  ["/orgs/org-a/read-write", "reader", 403],
  ["/orgs/org-a/keys", "personal", 200],
  ["/orgs/org-a/keys", "org", 200],
  ["/orgs/org-b/keys", "org", 403],
  ["/orgs/org-a/keys", "junk", 401],
  ["/orgs/org-a/keys-admin", "org", 403], // an org key holds no role
  ["/orgs/org-a/keys-admin", "personal", 200],
  ["/header-org", "token", 200],
];

async function bearerOf(kind: Case[1]): Promise<string | undefined> {
  if (kind === "token") return `Bearer ${await host.sign(userClaims())}`;
  if (kind === "reader") {
    const reader = {
      user_role: "Reader",
      inherited_user_roles_plus_current_role: ["Reader"],
      user_permissions: ["read"],
    };
    const orgs = userClaims().org_id_to_org_member_info as Record<string, Record<string, unknown>>;
    return `Bearer ${await host.sign(userClaims({ org_id_to_org_member_info: { ...orgs, "org-a": { ...orgs["org-a"], ...reader } } }))}`;
  }
  if (kind === "expired") return `Bearer ${await host.sign(userClaims(), { expiresIn: -600 })}`;
  if (kind === "personal") return `Bearer ${KEYS.personal}`;
  if (kind === "org") return `Bearer ${KEYS.org}`;
  if (kind === "junk") return "Bearer not-a-key";
  return undefined;
}

/** Sends a request and answers its status and body. */
type Send = (path: string, authorization: string | undefined) => Promise<{ status: number; body: unknown }>;

const fromResponse = async (response: Response) => ({
  status: response.status,
  body: await response.json().catch(() => null),
});

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** An Express app (5 or 4) with every guard, listening on 127.0.0.1. */
async function expressApp(make: typeof express, options: ExpressAuthOptions = guardHost.options()): Promise<Send> {
  const auth = createExpressAuth(options);
  const app = make();
  const who = (req: express.Request, res: express.Response) => {
    const { caller, org } = auth.getAuth(req);
    res.json({ userId: caller?.userId ?? null, kind: caller?.kind ?? null, org: org?.orgId ?? null });
  };
  app.get("/me", auth.requireUser, who);
  app.get("/maybe", auth.optionalUser, who);
  app.get("/orgs/:orgId/member", auth.requireOrgMember(), who);
  app.get("/orgs/:orgId/admin", auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }), who);
  app.get("/orgs/:orgId/exact-reader", auth.requireOrgMemberWithExactRole({ role: "Reader" }), who);
  app.get("/orgs/:orgId/can-write", auth.requireOrgMemberWithPermission({ permission: "write" }), who);
  app.get("/orgs/:orgId/read-write", auth.requireOrgMemberWithAllPermissions({ permissions: ["read", "write"] }), who);
  app.get("/orgs/:orgId/keys", auth.requireOrgMember({ apiKeys: true }), who);
  app.get(
    "/orgs/:orgId/keys-admin",
    auth.requireOrgMemberWithMinimumRole({ apiKeys: true, minimumRequiredRole: "Admin" }),
    who,
  );
  app.get(
    "/header-org",
    auth.requireOrgMember({ orgIdExtractor: (req) => (req.headers as Record<string, string>)["x-org"] }),
    who,
  );
  app.get(
    "/broken-org",
    auth.requireOrgMember({
      orgIdExtractor: () => {
        throw new Error("lookup failed");
      },
    }),
    who,
  );
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ app_error: error.message });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path, authorization) =>
    fromResponse(
      await fetch(`${origin}${path}`, { headers: { ...(authorization && { authorization }), "x-org": "org-a" } }),
    );
}

/** The same routes on Fastify, driven with inject. */
async function fastifyApp(options = guardHost.options()): Promise<Send> {
  const auth = createFastifyAuth(options);
  const app = Fastify();
  await app.register(auth.plugin);
  const who = async (request: import("fastify").FastifyRequest) => ({
    userId: request.auth?.caller?.userId ?? null,
    kind: request.auth?.caller?.kind ?? null,
    org: request.auth?.org?.orgId ?? null,
  });
  app.get("/me", { preHandler: auth.requireUser }, who);
  app.get("/maybe", { preHandler: auth.optionalUser }, who);
  app.get("/orgs/:orgId/member", { preHandler: auth.requireOrgMember() }, who);
  app.get(
    "/orgs/:orgId/admin",
    { preHandler: auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }) },
    who,
  );
  app.get("/orgs/:orgId/exact-reader", { preHandler: auth.requireOrgMemberWithExactRole({ role: "Reader" }) }, who);
  app.get("/orgs/:orgId/can-write", { preHandler: auth.requireOrgMemberWithPermission({ permission: "write" }) }, who);
  app.get(
    "/orgs/:orgId/read-write",
    { preHandler: auth.requireOrgMemberWithAllPermissions({ permissions: ["read", "write"] }) },
    who,
  );
  app.get("/orgs/:orgId/keys", { preHandler: auth.requireOrgMember({ apiKeys: true }) }, who);
  app.get(
    "/orgs/:orgId/keys-admin",
    { preHandler: auth.requireOrgMemberWithMinimumRole({ apiKeys: true, minimumRequiredRole: "Admin" }) },
    who,
  );
  app.get(
    "/header-org",
    { preHandler: auth.requireOrgMember({ orgIdExtractor: (request) => request.headers["x-org"] as string }) },
    who,
  );
  app.get(
    "/broken-org",
    {
      preHandler: auth.requireOrgMember({
        orgIdExtractor: () => {
          throw new Error("lookup failed");
        },
      }),
    },
    who,
  );
  app.setErrorHandler(async (error: Error, _request, reply) => reply.code(500).send({ app_error: error.message }));
  closers.push(() => app.close());
  return async (path, authorization) => {
    const reply = await app.inject({
      url: path,
      headers: { ...(authorization && { authorization }), "x-org": "org-a" },
    });
    return { status: reply.statusCode, body: reply.body ? JSON.parse(reply.body) : null };
  };
}

/** The same routes on Hono, driven with app.request. */
function honoApp(options = guardHost.options()): Send {
  const auth = createHonoGuards(options);
  const app = new Hono();
  const who = (c: import("hono").Context) => {
    const { caller, org } = auth.getAuth(c);
    return c.json({ userId: caller?.userId ?? null, kind: caller?.kind ?? null, org: org?.orgId ?? null });
  };
  app.get("/me", auth.requireUser, who);
  app.get("/maybe", auth.optionalUser, who);
  app.get("/orgs/:orgId/member", auth.requireOrgMember(), who);
  app.get("/orgs/:orgId/admin", auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }), who);
  app.get("/orgs/:orgId/exact-reader", auth.requireOrgMemberWithExactRole({ role: "Reader" }), who);
  app.get("/orgs/:orgId/can-write", auth.requireOrgMemberWithPermission({ permission: "write" }), who);
  app.get("/orgs/:orgId/read-write", auth.requireOrgMemberWithAllPermissions({ permissions: ["read", "write"] }), who);
  app.get("/orgs/:orgId/keys", auth.requireOrgMember({ apiKeys: true }), who);
  app.get(
    "/orgs/:orgId/keys-admin",
    auth.requireOrgMemberWithMinimumRole({ apiKeys: true, minimumRequiredRole: "Admin" }),
    who,
  );
  app.get(
    "/header-org",
    auth.requireOrgMember({ orgIdExtractor: (c) => c.req.raw.headers.get("x-org") ?? undefined }),
    who,
  );
  app.get(
    "/broken-org",
    auth.requireOrgMember({
      orgIdExtractor: () => {
        throw new Error("lookup failed");
      },
    }),
    who,
  );
  app.onError((error, c) => c.json({ app_error: error.message }, 500));
  return async (path, authorization) =>
    fromResponse(await app.request(path, { headers: { ...(authorization && { authorization }), "x-org": "org-a" } }));
}

const frameworks: [string, () => Promise<Send> | Send][] = [
  ["Express 5", () => expressApp(express)],
  ["Express 4", () => expressApp(express4 as unknown as typeof express)],
  ["Fastify 5", () => fastifyApp()],
  ["Hono", () => honoApp()],
];

describe.each(frameworks)("%s", (_name, make) => {
  it("answers every guard's allow and deny with the same status, the caller typed on the request", async () => {
    const send = await make();
    const answers: Case[] = [];
    for (const [path, bearer] of CASES) answers.push([path, bearer, (await send(path, await bearerOf(bearer))).status]);
    expect(answers).toEqual(CASES);
    expect((await send("/orgs/org-a/keys", await bearerOf("personal"))).body).toEqual({
      userId: userClaims().user_id,
      kind: "user",
      org: "org-a",
    });
    expect((await send("/me", undefined)).body).toEqual({ error_code: "not_logged_in", message: "Sign in first." });
    expect((await send("/orgs/org-a/admin", await bearerOf("reader"))).body).toMatchObject({
      error_code: "action_forbidden",
    });
  });

  it("hands a failure of the app's own org lookup to the framework's error handler", async () => {
    const send = await make();
    expect(await send("/broken-org", await bearerOf("token"))).toEqual({
      status: 500,
      body: { app_error: "lookup failed" },
    });
  });
});

describe("an outage of the auth host is a 503, never a 401", () => {
  const outageApps: [string, () => Promise<Send> | Send][] = [
    ["Express 5", () => expressApp(express, outageHost.options({ verifierKey: "" }))],
    ["Express 4", () => expressApp(express4 as unknown as typeof express, outageHost.options({ verifierKey: "" }))],
    ["Fastify 5", () => fastifyApp(outageHost.options({ verifierKey: "" }))],
    ["Hono", () => honoApp(outageHost.options({ verifierKey: "" }))],
  ];
  it.each(outageApps)("%s: the key set and the key validation unreachable", async (_name, make) => {
    const send = await make();
    const token = `Bearer ${await outageHost.host.sign(userClaims())}`;
    for (const [path, bearer] of [
      ["/me", token],
      ["/maybe", token],
      ["/orgs/org-a/keys", `Bearer ${KEYS.org}`],
    ] as const) {
      const answer = await send(path, bearer);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        503,
        expect.objectContaining({ error_code: "auth_unavailable" }),
      ]);
    }
    // a request without any credential is still the client's mistake
    expect((await send("/me", undefined)).status).toBe(401);
  });
});

describe("the app's own denial, and a worker's plain Request", () => {
  it("onDenied replaces the JSON answer", async () => {
    const send = await expressApp(express, {
      ...guardHost.options(),
      onDenied: (denial, _req, res) => {
        res.status(denial.status === 401 ? 418 : 451);
        res.json({ mine: denial.error_code });
      },
    });
    expect(await send("/me", undefined)).toEqual({ status: 418, body: { mine: "not_logged_in" } });
    expect(await send("/orgs/org-c/member", await bearerOf("token"))).toEqual({
      status: 451,
      body: { mine: "user_not_in_org" },
    });
  });

  it("a worker's guard answers what it found, or the denial as a Response with Retry-After for a 429", async () => {
    const guards = createRequestGuards({
      ...guardHost.options(),
      apiKeys: true,
      orgIdExtractor: (request) => new URL(request.url).searchParams.get("org") ?? undefined,
    });
    const request = async (bearer: string | undefined, org = "org-a") =>
      guards.requireOrgMember()(
        new Request(`https://api.example.com/x?org=${org}`, bearer ? { headers: { Authorization: bearer } } : {}),
      );
    const found = await request(await bearerOf("token"));
    expect(found instanceof Response ? found.status : found.org?.orgId).toBe("org-a");
    const denied = await request(await bearerOf("token"), "org-c");
    expect(denied instanceof Response && denied.status).toBe(403);
    const limited = await request("Bearer limited");
    expect(limited instanceof Response && [limited.status, limited.headers.get("Retry-After")]).toEqual([429, "7"]);
    expect(state.down).toBe(false);
  });
});
