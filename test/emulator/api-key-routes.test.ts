/**
 * A key created in the browser authenticates a request to the app's own route: examples/node-api's
 * `GET /api/whoami-by-key` (`validateRequestApiKey`) served on 127.0.0.1 against the stage's shared emulator. The keys
 * are made through the front-end API as `useCreateApiKey` makes them (the `createApiKey` fetcher with the signed-in
 * browser's cookie), personal and for an org; expired, deleted and unknown keys get the typed refusal.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { createApiKey, createTransport, deleteApiKey, login } from "orgauth";
import { createCookieFetch } from "orgauth/testing";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { appHandler, serve } from "../../examples/node-api/server.js";
import { backendKit, DEMO_IDS, DEMO_PASSWORD } from "../../src/emulator/index.js";
import { adminApi, sharedEmulator } from "./vendor-backend.js";

const emulator = sharedEmulator();
let server: Server;
let route: string;

beforeAll(async () => {
  server = await serve(appHandler(backendKit(emulator).backend));
  route = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/whoami-by-key`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => emulator.reset());

/** Ada's browser, signed in: the front-end API with her session cookie. */
async function adaInTheBrowser() {
  const transport = createTransport({ authUrl: emulator.url, fetch: createCookieFetch() });
  await login(transport, { body: { email: "ada@acme.example", password: DEMO_PASSWORD } });
  return transport;
}

/** The route's answer to a call with `Authorization: Bearer <key>` (or `authorization` as given). */
async function whoami(key: string | null, authorization = `Bearer ${key}`) {
  const response = await fetch(route, key === null ? {} : { headers: { Authorization: authorization } });
  return { status: response.status, body: (await response.json()) as unknown };
}

it("answers the user behind a personal key and the org behind an org key, both made in the browser", async () => {
  const browser = await adaInTheBrowser();
  const personal = await createApiKey(browser, { body: { display_name: "CLI" } });
  const org = await createApiKey(browser, { body: { org_id: DEMO_IDS.acme, display_name: "CI" } });
  expect(await whoami(personal.api_key_token)).toEqual({
    status: 200,
    body: { kind: "personal", userId: DEMO_IDS.ada, email: "ada@acme.example" },
  });
  expect(await whoami(org.api_key_token)).toEqual({
    status: 200,
    body: { kind: "org", orgId: DEMO_IDS.acme, orgName: "Acme Inc." },
  });
});

it("refuses a key deleted in the browser, an expired key and an unknown one, each with its reason", async () => {
  const browser = await adaInTheBrowser();
  const key = await createApiKey(browser, { body: { display_name: "short-lived" } });
  await deleteApiKey(browser, { path: { apiKeyId: key.api_key_id } });
  expect(await whoami(key.api_key_token)).toEqual({ status: 401, body: { error: "deleted" } });

  // An expiry the browser cannot choose (its shortest is days): a key seeded as expired an hour ago.
  const expired = randomBytes(24).toString("hex");
  await adminApi(emulator)("/seed", "POST", {
    apiKeys: [
      {
        id: randomBytes(16).toString("hex"),
        secretHash: createHash("sha256").update(expired).digest("hex"),
        userId: DEMO_IDS.ada,
        expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    ],
  });
  expect(await whoami(expired)).toEqual({ status: 401, body: { error: "expired" } });
  expect(await whoami(randomBytes(24).toString("hex"))).toEqual({ status: 401, body: { error: "unknown" } });
  expect(await whoami(null)).toEqual({ status: 401, body: { error: "missing" } });
  expect(await whoami("x", "Basic eDp5")).toEqual({ status: 401, body: { error: "malformed" } });
});
