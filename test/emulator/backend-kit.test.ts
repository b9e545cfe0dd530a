/**
 * The backend testing kit of `orgauth/emulator` (`backendKit`) on the stage's shared demo-seeded emulator: its access
 * tokens verify with orgauth/server as a user's or an org's, its API keys validate as the user's or the org's, and a
 * user it cannot find is a clear error. (`createBackendEmulator`, which starts an emulator, runs in docs/testing.md's
 * sample, projects-route.test.ts.) Also the README's and docs/server.md's backend client sample, on the same emulator.
 */
import { createServerAuth, validateApiKey } from "orgauth/server";
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
  const settings = { PROPELAUTH_AUTH_URL: emulator.authUrl, PROPELAUTH_API_KEY: emulator.apiKey };
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
