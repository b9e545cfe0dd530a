import { ApiKeyCreateException, ApiKeyValidateException } from "@propelauth/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { adminApi, FrontEnd, rejection, vendorOnEmulator } from "./vendor-backend.js";

/**
 * End-user API keys through the provider's own backend library (`@propelauth/node`, unmodified) on the emulator:
 * created personal or for an org, fetched, paged current and archived, updated, deleted (archived: gone from the
 * browser's list and the admin API, refused by validation), and validated — a key made in the browser included.
 */
let setup: ReturnType<typeof vendorOnEmulator>;
type KeyList = { api_keys: { api_key_id: string }[] };

beforeAll(() => {
  setup = vendorOnEmulator();
});
afterAll(() => {
  setup?.stop();
  // Every call of the provider's library went through the stage's Prism validating proxy on the contract.
  expect(setup?.violations).toEqual([]);
});
beforeEach(() => setup.emulator.reset());

describe("end-user API keys", () => {
  it("creates a personal key, fetches, pages, updates and deletes it; the browser's list follows", async () => {
    const ada = await FrontEnd.login(setup.emulator.url, "ada@acme.example");
    const created = await setup.auth.createApiKey({
      userId: DEMO_IDS.ada,
      displayName: "CI",
      metadata: { purpose: "ci" },
      expiresAtSeconds: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(created.apiKeyId).toMatch(/^[0-9a-f]{32}$/);
    expect(await setup.auth.fetchApiKey(created.apiKeyId)).toMatchObject({
      apiKeyId: created.apiKeyId,
      userId: DEMO_IDS.ada,
      orgId: null,
      displayName: "CI",
      metadata: { purpose: "ci" },
    });
    const listed = await ada.call<KeyList>("/api/fe/v3/personal_api_keys");
    expect(listed.json.api_keys.map((k) => k.api_key_id)).toContain(created.apiKeyId);
    const current = await setup.auth.fetchCurrentApiKeys({ userId: DEMO_IDS.ada, pageSize: 10 });
    expect(current.apiKeys.map((k) => k.apiKeyId)).toContain(created.apiKeyId);
    expect((await setup.auth.fetchCurrentApiKeys({ userEmail: "ada@acme.example" })).totalApiKeys).toBe(
      current.totalApiKeys,
    );

    expect(
      await setup.auth.updateApiKey(created.apiKeyId, {
        // The contract (point 10) has an object; the library types a string but sends what it is given.
        metadata: { purpose: "deploy" } as unknown as string,
        setToNeverExpire: true,
      }),
    ).toBe(true);
    expect(await setup.auth.fetchApiKey(created.apiKeyId)).toMatchObject({
      metadata: { purpose: "deploy" },
      expiresAtSeconds: null,
    });

    expect(await setup.auth.deleteApiKey(created.apiKeyId)).toBe(true);
    const after = await ada.call<KeyList>("/api/fe/v3/personal_api_keys");
    expect(after.json.api_keys.map((k) => k.api_key_id)).not.toContain(created.apiKeyId);
    const inAdmin = await adminApi(setup.emulator)<{ apiKeys: { id: string }[] }>(`/api_keys?userId=${DEMO_IDS.ada}`);
    expect(inAdmin.apiKeys.map((k) => k.id)).not.toContain(created.apiKeyId);
    const archived = await setup.auth.fetchArchivedApiKeys({ userId: DEMO_IDS.ada });
    expect(archived.apiKeys.map((k) => k.apiKeyId)).toEqual([created.apiKeyId]);
    expect(await setup.auth.deleteApiKey(created.apiKeyId)).toBe(false);
    const deleted = await rejection(setup.auth.validateApiKey(created.apiKeyToken));
    expect(deleted).toBeInstanceOf(ApiKeyValidateException);
    expect(deleted.fieldToErrors).toEqual({ api_key_token: ["API key deleted"] });
    expect(await rejection(setup.auth.createApiKey({ userId: "00000000-0000-4000-8000-000000000000" }))).toBeInstanceOf(
      ApiKeyCreateException,
    );
  });

  it("validates personal and org keys (the library's helpers tell them apart); unknown tokens are refused", async () => {
    const personal = await setup.auth.createApiKey({ userId: DEMO_IDS.ada });
    const org = await setup.auth.createApiKey({ orgId: DEMO_IDS.acme, metadata: { team: "ops" } });
    const asUser = await setup.auth.validatePersonalApiKey(`Bearer ${personal.apiKeyToken}`);
    expect(asUser.user.email).toBe("ada@acme.example");
    const asOrg = await setup.auth.validateOrgApiKey(org.apiKeyToken);
    expect(asOrg.org).toMatchObject({ orgId: DEMO_IDS.acme, orgName: "Acme Inc." });
    expect(asOrg.metadata).toEqual({ team: "ops" });
    expect(await rejection(setup.auth.validatePersonalApiKey(org.apiKeyToken))).toBeInstanceOf(ApiKeyValidateException);
    const unknown = await rejection(setup.auth.validateApiKey("ab".repeat(32)));
    expect(unknown).toBeInstanceOf(ApiKeyValidateException);
    expect(unknown.fieldToErrors).toEqual({ api_key_token: ["API key not found"] });
    const orgPage = await setup.auth.fetchCurrentApiKeys({ orgId: DEMO_IDS.acme });
    expect(orgPage.apiKeys.map((k) => k.apiKeyId)).toContain(org.apiKeyId);
  });

  it("validates a key created in the browser; a user's disabled account voids their personal keys", async () => {
    const ada = await FrontEnd.login(setup.emulator.url, "ada@acme.example");
    const made = await ada.call<{ api_key_id: string; api_key_token: string }>("/api/fe/v3/api_keys", "POST", {
      display_name: "From the browser",
      expiration_option: "Never",
    });
    expect(made.status).toBe(200);
    const validated = await setup.auth.validatePersonalApiKey(made.json.api_key_token);
    expect(validated.user.userId).toBe(DEMO_IDS.ada);
    expect((await setup.auth.fetchApiKey(made.json.api_key_id)).displayName).toBe("From the browser");
    await setup.auth.disableUser(DEMO_IDS.ada);
    expect(await rejection(setup.auth.validateApiKey(made.json.api_key_token))).toBeInstanceOf(ApiKeyValidateException);
  });
});
