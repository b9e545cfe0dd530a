import {
  AddUserToOrgException,
  ApiKeyFetchException,
  ApiKeyImportException,
  ApiKeyValidateException,
  ChartMetric,
  ChartMetricCadence,
  CreateOrgException,
  type StepUpMfaGrantType,
  UpdateOrgException,
} from "@propelauth/node";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { UNIMPLEMENTED_BACKEND_CALLS } from "../../src/emulator/routes/backend-unimplemented.js";
import { createBackendClient, validateApiKey } from "../../src/server/index.js";
import { adminApi, rejection, VENDOR_BACKEND, vendorOnEmulator } from "./vendor-backend.js";

/**
 * The rest of the provider's backend through its own library (`@propelauth/node`, unmodified) on the emulator, each
 * change read back through orgauth's backend client: custom role mappings (an org's members get the mapping's roles,
 * in the minted token too), SAML allow / disallow, API-key import, imported-key validation and usage, users' MFA
 * methods; and every vendor function the emulator does not serve answers a typed 501 naming it.
 */
let setup: ReturnType<typeof vendorOnEmulator>;
let backend: ReturnType<typeof createBackendClient>;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
/** The step-up grant type, a type-only enum of the library (its value on the wire). */
const ONE_TIME_USE = "ONE_TIME_USE" as StepUpMfaGrantType;
const today = () => new Date().toISOString().slice(0, 10);
const SUPPORT_DESK = {
  name: "Support desk",
  roles: [
    { name: "Lead", permissions: ["can_invite", "can_change_roles"] },
    { name: "Agent", permissions: ["can_answer_tickets"] },
  ],
  additionalRoles: [{ name: "Escalations", permissions: ["can_escalate"] }],
};

beforeAll(() => {
  setup = vendorOnEmulator();
  // orgauth's client through the same Prism proxy (a loopback auth URL: the backend is served on its origin).
  backend = createBackendClient({ authUrl: inject("vendorProxyUrl"), apiKey: setup.emulator.apiKey });
});
afterAll(() => {
  setup?.stop();
  // Every call of the provider's library went through the stage's Prism validating proxy on the contract.
  expect(setup?.violations).toEqual([]);
});
beforeEach(() => setup.emulator.reset());

describe("custom role mappings", () => {
  it("subscribes orgs (counted); members hold the mapping's roles, in the minted token too; bad names are 400s", async () => {
    await adminApi(setup.emulator)("/settings", "PATCH", { roleMappings: [SUPPORT_DESK] });
    const { orgId } = await setup.auth.createOrg({ name: "Helpdesk", customRoleMappingName: "Support desk" });
    expect(await setup.auth.addUserToOrg({ userId: DEMO_IDS.ada, orgId, role: "Agent" })).toBe(true);
    const wrongRole = await rejection(setup.auth.addUserToOrg({ userId: DEMO_IDS.grace, orgId, role: "Member" }));
    expect(wrongRole).toBeInstanceOf(AddUserToOrgException);
    expect(Object.keys(wrongRole.fieldToErrors)).toEqual(["role"]);

    const { access_token } = await setup.auth.createAccessToken({ userId: DEMO_IDS.ada, durationInMinutes: 5 });
    const user = await setup.auth.validateAccessTokenAndGetUser(`Bearer ${access_token}`);
    expect(user.orgIdToOrgMemberInfo?.[orgId]).toMatchObject({
      userAssignedRole: "Agent",
      userInheritedRolesPlusCurrentRole: ["Agent"],
      userPermissions: ["can_answer_tickets"],
    });
    // Ada's other orgs keep the project's default roles.
    expect(user.orgIdToOrgMemberInfo?.[DEMO_IDS.acme]?.userInheritedRolesPlusCurrentRole).toEqual([
      "Owner",
      "Admin",
      "Member",
    ]);

    // The admin UI offers the org its mapping's roles.
    const admin = await adminApi(setup.emulator)<{ orgs: { id: string; roles: string[]; roleMapping: string }[] }>(
      "/orgs",
    );
    expect(admin.orgs.find((o) => o.id === orgId)).toMatchObject({
      roleMapping: "Support desk",
      roles: ["Lead", "Agent"],
    });

    const empty = await setup.auth.createOrg({ name: "Second desk" });
    expect(await setup.auth.subscribeOrgToRoleMapping(empty.orgId, "Support desk")).toBe(true);
    expect((await backend.fetchOrg({ path: { orgId: empty.orgId } }))?.custom_role_mapping_name).toBe("Support desk");
    expect(await backend.fetchCustomRoleMappings()).toEqual({
      custom_role_mappings: [{ custom_role_mapping_name: "Support desk", num_orgs_subscribed: 2 }],
    });
    expect((await setup.auth.fetchCustomRoleMappings()).customRoleMappings).toEqual([
      { customRoleMappingName: "Support desk", numOrgsSubscribed: 2 },
    ]);

    // Acme's members hold Owner / Admin / Member, which the mapping lacks; an unknown name is refused too.
    const held = await rejection(setup.auth.subscribeOrgToRoleMapping(DEMO_IDS.acme, "Support desk"));
    expect(held).toBeInstanceOf(UpdateOrgException);
    expect(held.fieldToErrors.custom_role_mapping_name?.[0]).toMatch(/Admin, Member, Owner/);
    expect(await rejection(setup.auth.createOrg({ name: "X", customRoleMappingName: "Nope" }))).toBeInstanceOf(
      CreateOrgException,
    );
    expect(await setup.auth.subscribeOrgToRoleMapping(UNKNOWN, "Support desk")).toBe(false);
  });
});

describe("SAML permission", () => {
  it("allows and disallows an org to set up SAML (fetch org's can_setup_saml); an unknown org is false", async () => {
    expect(await setup.auth.allowOrgToSetupSamlConnection(DEMO_IDS.globex)).toBe(true);
    expect((await backend.fetchOrg({ path: { orgId: DEMO_IDS.globex } }))?.can_setup_saml).toBe(true);
    expect(await setup.auth.disallowOrgToSetupSamlConnection(DEMO_IDS.globex)).toBe(true);
    expect((await setup.auth.fetchOrg(DEMO_IDS.globex))?.canSetupSaml).toBe(false);
    expect(await setup.auth.allowOrgToSetupSamlConnection(UNKNOWN)).toBe(false);
  });
});

describe("imported API keys and usage", () => {
  it("imports a key that validates only as imported; counts validations per key and UTC day", async () => {
    const token = "legacy_4f1c2b9e8d7a6f5e";
    const { apiKeyId } = (await setup.auth.importApiKey({
      importedApiKey: token,
      orgId: DEMO_IDS.acme,
      metadata: { source: "legacy" },
    })) as unknown as { apiKeyId: string };
    expect(await backend.fetchApiKey({ path: { apiKeyId } })).toMatchObject({ org_id: DEMO_IDS.acme });
    expect(await setup.auth.validateImportedApiKey(`Bearer ${token}`)).toMatchObject({
      metadata: { source: "legacy" },
      org: { orgId: DEMO_IDS.acme },
    });
    expect(await backend.validateImportedApiKey({ body: { api_key_token: token } })).toMatchObject({
      org_id: DEMO_IDS.acme,
    });
    // orgauth's own validation of an imported key (its option), and the refusal of it on the default call.
    expect(await validateApiKey(backend, token, { imported: true })).toMatchObject({ kind: "org" });
    await expect(validateApiKey(backend, token)).rejects.toMatchObject({ reason: "unknown" });
    const minted = await setup.auth.createApiKey({ orgId: DEMO_IDS.acme });
    await setup.auth.validateApiKey(minted.apiKeyToken);
    for (const refused of [setup.auth.validateApiKey(token), setup.auth.validateImportedApiKey(minted.apiKeyToken)]) {
      const error = await rejection(refused);
      expect(error).toBeInstanceOf(ApiKeyValidateException);
      expect(error.fieldToErrors).toEqual({ api_key_token: ["API key not found"] });
    }
    expect(await rejection(setup.auth.importApiKey({ importedApiKey: token }))).toBeInstanceOf(ApiKeyImportException);

    expect(await setup.auth.fetchApiKeyUsage({ date: today(), api_key_id: apiKeyId })).toEqual({ count: 3 });
    expect(await backend.fetchApiKeyUsage({ query: { date: today(), org_id: DEMO_IDS.acme } })).toEqual({ count: 4 });
    expect(await backend.fetchApiKeyUsage({ query: { date: "2001-01-01", org_id: DEMO_IDS.acme } })).toEqual({
      count: 0,
    });
    expect(await rejection(setup.auth.fetchApiKeyUsage({ date: "29/11/2026" }))).toBeInstanceOf(ApiKeyFetchException);
  });
});

describe("users' MFA methods", () => {
  it("answers TOTP from the emulator's MFA state, null without MFA or after disabling it, null for nobody", async () => {
    expect(await setup.auth.fetchUserMfaMethods(DEMO_IDS.mallory)).toEqual({ mfaSetup: { type: "Totp" } });
    expect(await backend.fetchUserMfaMethods({ path: { userId: DEMO_IDS.ada } })).toEqual({ mfa_setup: null });
    expect(await setup.auth.disableUser2fa(DEMO_IDS.mallory)).toBe(true);
    expect(await backend.fetchUserMfaMethods({ path: { userId: DEMO_IDS.mallory } })).toEqual({ mfa_setup: null });
    expect(await setup.auth.fetchUserMfaMethods(UNKNOWN)).toBeNull();
  });
});

describe("what the emulator does not serve", () => {
  it("answers every other vendor backend call with a 501 naming it (not in the contract: no Prism)", async () => {
    const answers: { status: number; body: { error_code?: string; operation?: string } }[] = [];
    const proxied = globalThis.fetch;
    // Straight to the emulator: Prism would refuse these paths, which the contract does not have.
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const direct = url.startsWith(VENDOR_BACKEND) ? setup.emulator.url + url.slice(VENDOR_BACKEND.length) : url;
      const response = await proxied(direct, init);
      answers.push({ status: response.status, body: await response.clone().json() });
      return response;
    };
    const { auth } = setup;
    const org = DEMO_IDS.acme;
    const calls: Record<string, () => Promise<unknown>> = {
      fetchUserOAuthTokens: () => auth.fetchUserOAuthTokens(DEMO_IDS.ada),
      fetchFreshTokenFromProvider: () => auth.fetchFreshTokenFromProvider(DEMO_IDS.ada, "google"),
      createOrgSamlConnectionLink: () => auth.createOrgSamlConnectionLink(org),
      fetchSamlSpMetadata: () => auth.fetchSamlSpMetadata(org),
      setSamlIdpMetadata: () =>
        auth.setSamlIdpMetadata(org, {
          idpEntityId: "e",
          idpSsoUrl: "https://idp.example/sso",
          idpCertificate: "c",
          provider: "Okta",
        }),
      setOidcIdpMetadata: () =>
        auth.setOidcIdpMetadata({
          orgId: org,
          clientId: "c",
          clientSecret: "s",
          usesPkce: true,
          idpType: "Okta",
          oktaSsoDomain: "acme.okta.example",
        } as Parameters<typeof auth.setOidcIdpMetadata>[0]),
      samlGoLive: () => auth.samlGoLive(org),
      deleteSamlConnection: () => auth.deleteSamlConnection(org),
      verifyStepUpTotpChallenge: () =>
        auth.verifyStepUpTotpChallenge({
          actionType: "pay",
          userId: DEMO_IDS.ada,
          code: "123456",
          grantType: ONE_TIME_USE,
          validForSeconds: 60,
        }),
      verifyStepUpGrant: () => auth.verifyStepUpGrant({ actionType: "pay", userId: DEMO_IDS.ada, grant: "g" }),
      sendSmsMfaCode: () =>
        auth.sendSmsMfaCode({
          actionType: "pay",
          userId: DEMO_IDS.ada,
          mfaPhoneId: "p",
          grantType: ONE_TIME_USE,
          validForSeconds: 60,
        }),
      verifySmsChallenge: () => auth.verifySmsChallenge({ challengeId: "c", userId: DEMO_IDS.ada, code: "123456" }),
      fetchEmployeeById: () => auth.fetchEmployeeById(DEMO_IDS.ada),
      fetchUserTopInviterReport: () => auth.fetchUserTopInviterReport(),
      fetchUserChampionReport: () => auth.fetchUserChampionReport(),
      fetchUserReengagementReport: () => auth.fetchUserReengagementReport(),
      fetchUserChurnReport: () => auth.fetchUserChurnReport(),
      fetchOrgReengagementReport: () => auth.fetchOrgReengagementReport(),
      fetchOrgChurnReport: () => auth.fetchOrgChurnReport(),
      fetchOrgGrowthReport: () => auth.fetchOrgGrowthReport(),
      fetchOrgAttritionReport: () => auth.fetchOrgAttritionReport(),
      fetchChartMetricData: () => auth.fetchChartMetricData(ChartMetric.SIGNUPS, ChartMetricCadence.DAILY),
      fetchScimGroup: () => auth.fetchScimGroup({ orgId: org, groupId: "g1" }),
      fetchOrgScimGroups: () => auth.fetchOrgScimGroups({ orgId: org }),
    };
    try {
      expect(Object.keys(calls).sort()).toEqual(UNIMPLEMENTED_BACKEND_CALLS.map(([name]) => name).sort());
      for (const [name, call] of Object.entries(calls)) {
        answers.length = 0;
        await expect(call(), name).rejects.toBeInstanceOf(Error);
        expect(answers, name).toEqual([{ status: 501, body: expect.objectContaining({ operation: name }) }]);
        expect(answers[0]?.body.error_code).toBe("not_implemented");
      }
      // The API-key check comes first.
      const anonymous = await fetch(`${setup.emulator.url}/api/backend/v1/user_report/churn`);
      expect(anonymous.status).toBe(401);
    } finally {
      globalThis.fetch = proxied;
    }
  });
});
