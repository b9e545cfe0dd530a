/**
 * API keys end to end over real HTTP on 127.0.0.1: a plain Node handler (node:http) and a fetch-style route handler
 * (what a Next.js `route.ts` exports) authenticate callers of the app's own API with `Authorization: Bearer <key>`,
 * validated by an auth host (a fake one, answering the backend's validate call as the contract says). The auth URL
 * is a loopback address, so the backend client calls it directly (as it does the emulator).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiKeyError,
  type BackendClient,
  createBackendClient,
  validateApiKey,
  validateRequestApiKey,
} from "../../../src/server/index.js";

const ACME = { org_id: "db3d2259-de43-402a-ab06-0de8cd905202", org_name: "Acme Inc." };
/** The fake auth host's keys: token → its validate answer (status and body). */
const KEYS: Record<string, [number, unknown]> = {
  orgkey: [200, { metadata: {}, org_id: ACME.org_id, org: ACME }],
  oldkey: [400, { api_key_token: ["API key expired"] }],
  gonekey: [400, { api_key_token: ["API key deleted"] }],
};

function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const seen: { path: string | undefined; host: string | undefined; authorization: string | undefined }[] = [];
let authHost: { server: Server; url: string };
let nodeApp: { server: Server; url: string };
let backend: BackendClient;

/** The plain Node handler of the docs: the key's org, or 401 with the refusal's reason. */
function nodeHandler(req: IncomingMessage, res: ServerResponse): void {
  validateApiKey(backend, req.headers.authorization ?? "").then(
    (owner) => res.writeHead(200).end(owner.kind === "org" ? owner.org.orgName : owner.kind),
    (error: unknown) =>
      res.writeHead(error instanceof ApiKeyError ? 401 : 500).end(String((error as ApiKeyError).reason)),
  );
}

/** The fetch-style route handler of the docs (a Next.js route.ts `GET`). */
async function GET(request: Request): Promise<Response> {
  try {
    const owner = await validateRequestApiKey(backend, request);
    return Response.json(owner.kind === "org" ? { org: owner.org.orgName } : { kind: owner.kind });
  } catch (error) {
    if (error instanceof ApiKeyError) return new Response(error.reason, { status: 401 });
    throw error;
  }
}

beforeAll(async () => {
  authHost = await listen((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on("end", () => {
      seen.push({
        path: req.url,
        host: req.headers["x-propelauth-url"] as string,
        authorization: req.headers.authorization,
      });
      const token = (JSON.parse(body || "{}") as { api_key_token?: string }).api_key_token ?? "";
      const [status, answer] = KEYS[token] ?? [400, { api_key_token: ["API key not found"] }];
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  backend = createBackendClient({ authUrl: authHost.url, apiKey: "integration-key" });
  nodeApp = await listen(nodeHandler);
});

afterAll(async () => {
  for (const { server } of [authHost, nodeApp]) await new Promise((resolve) => server.close(resolve));
});

describe("a plain Node handler", () => {
  it.each([
    ["Bearer orgkey", 200, "Acme Inc."],
    ["Bearer oldkey", 401, "expired"],
    ["Bearer gonekey", 401, "deleted"],
    ["Bearer nokey", 401, "unknown"],
    ["", 401, "missing"],
  ])("answers %j with %i %s", async (authorization, status, text) => {
    const response = await fetch(nodeApp.url, authorization ? { headers: { Authorization: authorization } } : {});
    expect([response.status, await response.text()]).toEqual([status, text]);
  });

  it("asked the auth host on its own origin, naming it and carrying the integration API key", () => {
    const asked = {
      path: "/api/backend/v1/end_user_api_keys/validate",
      host: "127.0.0.1",
      authorization: "Bearer integration-key",
    };
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) expect(request).toEqual(asked);
  });
});

describe("a fetch-style route handler (Next.js route.ts)", () => {
  const call = (authorization?: string) =>
    GET(new Request("http://127.0.0.1/api/things", authorization ? { headers: { Authorization: authorization } } : {}));

  it("answers an org key's caller with its org", async () => {
    expect(await (await call("Bearer orgkey")).json()).toEqual({ org: "Acme Inc." });
  });

  it("refuses an expired key, another scheme and no key, each with its reason", async () => {
    const answers = await Promise.all([call("Bearer oldkey"), call("Basic YTpi"), call()]);
    expect(await Promise.all(answers.map(async (r) => `${r.status} ${await r.text()}`))).toEqual([
      "401 expired",
      "401 malformed",
      "401 missing",
    ]);
  });
});
