/**
 * The backend testing kit of `orgauth/emulator` (`backendKit`) on the stage's shared demo-seeded emulator: its access
 * tokens verify with orgauth/server as a user's or an org's, its API keys validate as the user's or the org's, and a
 * user it cannot find is a clear error; an expired token is refused as expired; a burst of validations of one key
 * meets the per-key limit (429, `wait_seconds`) and the 429 setting reaches `createBackendClient`.
 * (`createBackendEmulator`, which starts an emulator, runs in docs/testing.md's sample, projects-route.test.ts.) Also
 * the README's and docs/server.md's backend client sample, on the same emulator.
 */
import { ApiKeyError, createServerAuth, validateApiKey } from "orgauth/server";
import { beforeEach, expect, it } from "vitest";
import { backendKit, DEMO_IDS } from "../../src/emulator/index.js";
import { sharedEmulator } from "./vendor-backend.js";

const emulator = sharedEmulator();
const kit = backendKit(emulator);
const auth = createServerAuth({
  authUrl: emulator.authUrl,
  apiKey: emulator.apiKey,
  verifierKey: emulator.tokenVerification.verifierKey,
  redirectUri: "http://127.0.0.1:3000/api/auth/callback",
});
beforeEach(() => emulator.reset());

it("mints a user's access token (by e-mail or id) and an org's, minted by the backend's access-token call", async () => {
  const ada = await auth.verifyAccessToken(await kit.accessToken({ email: "ada@acme.example" }));
  expect(ada.userId).toBe(DEMO_IDS.ada);
  expect(ada.activeOrgId).toBeUndefined();
  expect(ada.getOrgs().map((org) => org.orgId)).toEqual(expect.arrayContaining([DEMO_IDS.acme, DEMO_IDS.globex]));

  const header = `Bearer ${await kit.accessToken({ userId: DEMO_IDS.ada }, { orgId: DEMO_IDS.globex, minutes: 5 })}`;
  const inGlobex = await auth.validateAuthorizationHeader(header);
  expect(inGlobex.activeOrgId).toBe(DEMO_IDS.globex);
  expect(inGlobex.getOrgs().map((org) => org.orgId)).toEqual([DEMO_IDS.globex]);
  expect(inGlobex.expiresAtSeconds - Date.now() / 1000).toBeLessThanOrEqual(5 * 60);
});

it("creates personal and org API keys that validate as their owner", async () => {
  const personal = await kit.createApiKey({ email: "grace@acme.example" }, { metadata: { purpose: "ci" } });
  expect(await validateApiKey(kit.backend, personal.apiKeyToken)).toMatchObject({
    kind: "personal",
    metadata: { purpose: "ci" },
    user: { userId: DEMO_IDS.grace, email: "grace@acme.example" },
  });
  const org = await kit.createApiKey({ orgId: DEMO_IDS.acme }, { displayName: "CI" });
  expect(await validateApiKey(kit.backend, org.apiKeyToken)).toMatchObject({
    kind: "org",
    org: { orgId: DEMO_IDS.acme },
  });
  expect(await kit.backend.fetchApiKey({ path: { apiKeyId: org.apiKeyId } })).toMatchObject({ display_name: "CI" });
});

it("names the e-mail it cannot find, and the backend's refusal of a non-member's org token stays typed", async () => {
  await expect(kit.accessToken({ email: "nobody@acme.example" })).rejects.toThrow(
    "The emulator has no user with the e-mail nobody@acme.example",
  );
  await expect(kit.accessToken({ email: "grace@acme.example" }, { orgId: DEMO_IDS.globex })).rejects.toMatchObject({
    type: "api",
    code: "invalid_request_fields",
  });
});

it("the README's backend client sample finds a user and the owner of a request's API key", async () => {
  // The sample reads its settings from the environment when it loads; set them for that moment only.
  const settings = { NEXT_PUBLIC_AUTH_URL: emulator.authUrl, PROPELAUTH_API_KEY: emulator.apiKey };
  Object.assign(process.env, settings);
  const { caller, findUser } = await import("./backend-client-sample.js").finally(() => {
    for (const name of Object.keys(settings)) delete process.env[name];
  });
  expect(await findUser("ada@acme.example")).toMatchObject({ user_id: DEMO_IDS.ada });
  expect(await findUser("nobody@acme.example")).toBeNull();
  const { apiKeyToken } = await kit.createApiKey({ orgId: DEMO_IDS.acme });
  const request = new Request("http://127.0.0.1/api/x", { headers: { Authorization: `Bearer ${apiKeyToken}` } });
  expect(await caller(request)).toMatchObject({ kind: "org", org: { orgId: DEMO_IDS.acme } });
});

it("mints a token that has already expired, which the app's verification refuses as expired", async () => {
  const expired = await kit.expiredAccessToken({ email: "ada@acme.example" }, { orgId: DEMO_IDS.acme });
  await expect(auth.validateAuthorizationHeader(`Bearer ${expired}`)).rejects.toMatchObject({
    type: "access_token",
    reason: "expired",
  });
  await expect(
    backendKit({ url: emulator.url, apiKey: emulator.apiKey }).expiredAccessToken({ userId: DEMO_IDS.ada }),
  ).rejects.toThrow("expiredAccessToken needs the emulator's admin secret");
});

it("limits validations of one key to 100 in 10 seconds by default", async () => {
  expect(await emulator.configure({})).toMatchObject({ apiKeyValidationLimit: 100, apiKeyValidationWindowSeconds: 10 });
});

it("answers a burst of validations of one key past its limit with 429 and wait_seconds, per key", async () => {
  const { apiKeyToken } = await kit.createApiKey({ orgId: DEMO_IDS.acme });
  const other = await kit.createApiKey({ orgId: DEMO_IDS.acme });
  const validate = (token: string) =>
    fetch(`${emulator.url}/api/backend/v1/end_user_api_keys/validate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${emulator.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ api_key_token: token }),
    });
  // The default (100 in 10 s) is on; a lower limit keeps the burst cheap.
  const settings = await emulator.configure({ apiKeyValidationLimit: 10 });
  expect(settings.apiKeyValidationWindowSeconds).toBe(10);
  const burst = await Promise.all(Array.from({ length: 12 }, () => validate(apiKeyToken)));
  expect(burst.filter((answer) => answer.status === 200)).toHaveLength(10);
  const limited = burst.find((answer) => answer.status === 429)!;
  const body = (await limited.json()) as { wait_seconds: number; error_code: string };
  expect(body).toMatchObject({ error_code: "rate_limit_exceeded" });
  expect(body.wait_seconds).toBeGreaterThan(0);
  expect(body.wait_seconds).toBeLessThanOrEqual(10);
  expect(limited.headers.get("retry-after")).toBe(String(body.wait_seconds));
  const refused = await validateApiKey(kit.backend, apiKeyToken).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiKeyError);
  expect(refused).toMatchObject({ reason: "rate_limited" });
  expect((refused as ApiKeyError).retryAfterMs).toBeGreaterThan(0);
  // Another key has its own count, and the limit can be switched off.
  expect((await validate(other.apiKeyToken)).status).toBe(200);
  await emulator.configure({ apiKeyValidationLimit: 0 });
  expect((await validate(apiKeyToken)).status).toBe(200);
});

it("makes every backend call answer 429 while backendRateLimitSeconds is set, typed through createBackendClient", async () => {
  const { apiKeyToken } = await kit.createApiKey({ orgId: DEMO_IDS.acme });
  await emulator.configure({ backendRateLimitSeconds: 7 });
  const fetched = await kit.backend.fetchUserById({ path: { userId: DEMO_IDS.ada } }).catch((error: unknown) => error);
  expect(fetched).toMatchObject({ type: "api", status: 429, code: "rate_limit_exceeded", retryAfterMs: 7000 });
  await expect(validateApiKey(kit.backend, apiKeyToken)).rejects.toMatchObject({
    reason: "rate_limited",
    retryAfterMs: 7000,
  });
  await emulator.configure({ backendRateLimitSeconds: 0 });
  expect(await kit.backend.fetchUserById({ path: { userId: DEMO_IDS.ada } })).toMatchObject({ user_id: DEMO_IDS.ada });
});

it("refuses an imported key too short to be a secret", async () => {
  const short = await kit.backend
    .importApiKey({ body: { imported_api_key: "k", org_id: DEMO_IDS.acme } })
    .catch((error: unknown) => error);
  expect(short).toMatchObject({ code: "invalid_request_fields" });
  expect(String((short as Error).message)).toMatch(/16 to 512 characters/);
  await kit.backend.importApiKey({ body: { imported_api_key: "legacy_0123456789ab", org_id: DEMO_IDS.acme } });
});
