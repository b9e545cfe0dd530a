import { createBackendEmulator } from "orgauth/emulator";
import { afterAll, beforeEach, expect, it } from "vitest";
import { projectsRoute } from "./projects-route.js";

const emulator = await createBackendEmulator({
  seed: {
    users: [{ email: "ada@acme.example" }],
    orgs: [{ id: "org_acme", name: "Acme", members: [{ email: "ada@acme.example", role: "Owner" }] }],
  },
});
beforeEach(() => emulator.reset()); // back to the seed
afterAll(() => emulator.stop());

const route = projectsRoute({
  authUrl: emulator.url,
  apiKey: emulator.apiKey,
  verifierKey: emulator.tokenVerification.verifierKey,
});
const get = (bearer: string) =>
  route(new Request("http://localhost:3000/api/projects", { headers: { Authorization: `Bearer ${bearer}` } }));

it("answers a signed-in user, and the same user in an org", async () => {
  const token = await emulator.accessToken({ email: "ada@acme.example" });
  expect(await (await get(token)).json()).toEqual({ user: "ada@acme.example", org: null });
  const orgToken = await emulator.accessToken({ email: "ada@acme.example" }, { orgId: "org_acme" });
  expect(await (await get(orgToken)).json()).toEqual({ user: "ada@acme.example", org: "Acme" });
});

it("answers an org's API key, and refuses it once deleted", async () => {
  const key = await emulator.createApiKey({ orgId: "org_acme" });
  expect(await (await get(key.apiKeyToken)).json()).toEqual({ user: null, org: "Acme" });
  await emulator.backend.deleteApiKey({ path: { apiKeyId: key.apiKeyId } });
  const refused = await get(key.apiKeyToken);
  expect([refused.status, await refused.json()]).toEqual([401, { error: "deleted" }]);
});

it("refuses a person's API key: the route wants an org's", async () => {
  const key = await emulator.createApiKey({ email: "ada@acme.example" });
  const refused = await get(key.apiKeyToken);
  expect([refused.status, await refused.json()]).toEqual([403, { error: "an org key is required" }]);
});
