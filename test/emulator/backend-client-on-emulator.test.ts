import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { ApiKeyError, createBackendClient, validateApiKey, validateRequestApiKey } from "../../src/server/index.js";
import { exchanges } from "./harness.js";

/**
 * orgauth's own backend client (`createBackendClient` from orgauth/server) on the emulator, through Prism's
 * validating proxy: users, a membership, an org API key validated by token and from a standard Request.
 */
const backend = createBackendClient({
  authUrl: inject("proxyUrl"),
  apiKey: inject("emulatorApiKey"),
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    const problem = response.headers.get("content-type")?.includes("problem+json")
      ? await response.clone().text()
      : null;
    const request = new Request(input, init);
    const violation = response.headers.get("sl-violations") ?? problem;
    exchanges.push({ method: request.method, path: new URL(request.url).pathname, status: response.status, violation });
    return response;
  },
});

afterAll(() => {
  expect(exchanges.filter((e) => e.violation !== null || e.status === 422)).toEqual([]);
});

describe("createBackendClient on the emulator", () => {
  it("creates a user, fetches it (unknown: null) and adds it to an org", async () => {
    const email = `client-${randomUUID()}@acme.example`;
    const { user_id } = await backend.createUser({ body: { email, email_confirmed: true } });
    expect(await backend.fetchUserById({ path: { userId: user_id } })).toMatchObject({ user_id, email });
    expect(await backend.fetchUserById({ path: { userId: randomUUID() } })).toBeNull();
    await backend.addUserToOrg({ body: { user_id, org_id: DEMO_IDS.acme, role: "Member" } });
    const fetched = await backend.fetchUserById({ path: { userId: user_id }, query: { include_orgs: true } });
    expect(fetched?.org_id_to_org_info?.[DEMO_IDS.acme]).toMatchObject({ user_role: "Member" });
  });

  it("lifts an org's member limit with max_users: null, and keeps it when the field is left out", async () => {
    const { org_id } = await backend.createOrg({ body: { name: `Limited ${randomUUID()}`, max_users: 3 } });
    await backend.updateOrg({ path: { orgId: org_id }, body: { metadata: { tier: "gold" } } });
    expect(await backend.fetchOrg({ path: { orgId: org_id } })).toMatchObject({ max_users: 3 });
    await backend.updateOrg({ path: { orgId: org_id }, body: { max_users: null } });
    expect((await backend.fetchOrg({ path: { orgId: org_id } }))?.max_users ?? null).toBeNull();
  });

  it("validates an org API key to its owner, by token and from a Request; a deleted key is refused", async () => {
    const { api_key_id, api_key_token } = await backend.createApiKey({
      body: { org_id: DEMO_IDS.acme, user_id: DEMO_IDS.ada, metadata: { purpose: "e2e" } },
    });
    const owner = await validateApiKey(backend, api_key_token);
    expect(owner).toMatchObject({ kind: "org", metadata: { purpose: "e2e" }, org: { orgId: DEMO_IDS.acme } });
    expect(owner.kind === "org" && owner.user?.userId).toBe(DEMO_IDS.ada);
    expect(owner.kind === "org" && owner.membership?.isRole("Owner")).toBe(true);

    const request = new Request("http://127.0.0.1/api/things", {
      headers: { Authorization: `Bearer ${api_key_token}` },
    });
    expect(await validateRequestApiKey(backend, request)).toMatchObject({ kind: "org", org: { orgId: DEMO_IDS.acme } });

    await backend.deleteApiKey({ path: { apiKeyId: api_key_id } });
    const refused = await validateApiKey(backend, api_key_token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiKeyError);
    expect(refused).toMatchObject({ reason: "deleted" });
  });
});
