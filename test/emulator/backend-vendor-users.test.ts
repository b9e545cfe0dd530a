import { CreateUserException, UpdateUserEmailException, UserNotFoundException } from "@propelauth/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS, DEMO_PASSWORD } from "../../src/emulator/index.js";
import { adminApi, FrontEnd, rejection, VENDOR_BACKEND, vendorOnEmulator } from "./vendor-backend.js";

/**
 * The provider's own backend library (`@propelauth/node`, unmodified; its one backend host redirected to the
 * emulator) manages users on the emulator: each change reads back through the front-end API, the admin API or a
 * login, and each refusal comes out as the library's own exception class or `null` / `false`.
 */
let setup: ReturnType<typeof vendorOnEmulator>;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const login = (email: string, password = DEMO_PASSWORD) => FrontEnd.login(setup.emulator.url, email, password);
const admin = () => adminApi(setup.emulator);
/** A user as the admin API lists them. */
type AdminUser = { id: string; firstName: string | null; hasPassword: boolean; mfaEnabled: boolean };
const adminUser = async (email: string) =>
  (await admin()<{ users: AdminUser[] }>(`/users?q=${encodeURIComponent(email)}`)).users[0]!;

beforeAll(() => {
  setup = vendorOnEmulator();
});
afterAll(() => {
  setup?.stop();
  // Every call of the provider's library went through the stage's Prism validating proxy on the contract.
  expect(setup?.violations).toEqual([]);
});
beforeEach(() => setup.emulator.reset());

describe("transport", () => {
  it("refuses a wrong integration API key as the library expects (401), and a foreign auth URL host with a typed 400", async () => {
    const { initBaseAuth } = await import("@propelauth/node");
    const wrong = initBaseAuth({
      authUrl: setup.emulator.authUrl,
      apiKey: "wrong-key-123",
      manualTokenVerificationMetadata: setup.emulator.tokenVerification,
    });
    expect((await rejection(wrong.fetchUserMetadataByUserId(DEMO_IDS.ada))).message).toBe(
      "integrationApiKey is incorrect",
    );
    const foreign = await fetch(`${setup.emulator.url}/api/backend/v1/user/${DEMO_IDS.ada}`, {
      headers: { Authorization: `Bearer ${setup.emulator.apiKey}`, "X-Propelauth-url": "auth.example.com" },
    });
    expect(foreign.status).toBe(400);
    const body = (await foreign.json()) as { error_code: string; user_facing_error: string };
    expect(body.error_code).toBe("auth_url_not_served");
    expect(body.user_facing_error).toContain("auth.example.com");
    expect(body.user_facing_error).toContain("127.0.0.1");
    for (const name of ["localhost", "app.localhost", "::1"]) {
      const answer = await fetch(`${setup.emulator.url}/api/backend/v1/user/${DEMO_IDS.ada}?include_orgs=false`, {
        headers: { Authorization: `Bearer ${setup.emulator.apiKey}`, "X-Propelauth-url": name },
      });
      expect(answer.status).toBe(200);
    }
    expect(VENDOR_BACKEND).toBe("https://propelauth-api.com");
  });
});

describe("users", () => {
  it("creates a user who then logs in; a taken e-mail is CreateUserException naming the field", async () => {
    const { userId } = await setup.auth.createUser({
      email: "new@acme.example",
      password: "a-long-password",
      emailConfirmed: true,
      firstName: "Nia",
      username: "nia",
      properties: { favorite_color: "green" },
    });
    expect((await login("new@acme.example", "a-long-password")).login.body).toEqual({ login_state: "Finished" });
    expect((await adminUser("new@acme.example")).id).toBe(userId);
    const taken = await rejection(setup.auth.createUser({ email: "ada@acme.example" }));
    expect(taken).toBeInstanceOf(CreateUserException);
    expect(Object.keys(taken.fieldToErrors)).toEqual(["email"]);
  });

  it("fetches by id, e-mail and username (unknown: null), in batches, by query and by org with a role filter", async () => {
    const ada = await setup.auth.fetchUserMetadataByUserId(DEMO_IDS.ada, true);
    expect(ada?.email).toBe("ada@acme.example");
    expect(ada?.orgIdToOrgInfo?.[DEMO_IDS.globex]?.userAssignedAdditionalRoles).toEqual(["Billing"]);
    expect((await setup.auth.fetchUserMetadataByEmail("ADA@acme.example"))?.userId).toBe(DEMO_IDS.ada);
    expect((await setup.auth.fetchUserMetadataByUsername("ada"))?.userId).toBe(DEMO_IDS.ada);
    expect(await setup.auth.fetchUserMetadataByUserId(UNKNOWN)).toBeNull();
    expect(await setup.auth.fetchUserMetadataByEmail("nobody@acme.example")).toBeNull();
    expect(await setup.auth.fetchUserMetadataByUsername("nobody")).toBeNull();
    const byIds = await setup.auth.fetchBatchUserMetadataByUserIds([DEMO_IDS.ada, DEMO_IDS.grace, UNKNOWN]);
    expect(Object.keys(byIds).sort()).toEqual([DEMO_IDS.ada, DEMO_IDS.grace].sort());
    const byEmails = await setup.auth.fetchBatchUserMetadataByEmails(["grace@acme.example"]);
    expect(byEmails["grace@acme.example"]?.userId).toBe(DEMO_IDS.grace);
    expect(Object.keys(await setup.auth.fetchBatchUserMetadataByUsernames(["ada"]))).toEqual(["ada"]);
    const page = await setup.auth.fetchUsersByQuery({ emailOrUsername: "acme.example", orderBy: "EMAIL", pageSize: 2 });
    expect(page.users.map((u) => u.email)).toEqual(["ada@acme.example", "alan@acme.example"]);
    expect(page).toMatchObject({ currentPage: 0, pageSize: 2, hasMoreResults: true });
    const all = await setup.auth.fetchUsersByQuery({
      emailOrUsername: "acme.example",
      orderBy: "EMAIL",
      pageSize: 100,
    });
    const next = await setup.auth.fetchUsersByQuery({
      emailOrUsername: "acme.example",
      orderBy: "EMAIL",
      pageSize: 2,
      pageNumber: 1,
    });
    expect(next.users.map((u) => u.email)).toEqual(all.users.slice(2, 4).map((u) => u.email));
    expect(next.totalUsers).toBe(all.users.length);
    const past = await setup.auth.fetchUsersByQuery({ emailOrUsername: "acme.example", pageSize: 2, pageNumber: 500 });
    expect(past).toMatchObject({ users: [], totalUsers: all.users.length, hasMoreResults: false });
    const legacy = await setup.auth.fetchUsersByQuery({ legacyUserId: "legacy-1001" });
    expect(legacy.users.map((u) => u.userId)).toEqual([DEMO_IDS.newcomer]);
    const members = await setup.auth.fetchUsersInOrg({ orgId: DEMO_IDS.acme, role: "Member" });
    expect(members.users.map((u) => u.email).sort()).toEqual(["alan@acme.example", "mallory@acme.example"]);
    expect(members.users[0]?.roleInOrg).toBe("Member");
    const withOrgs = await setup.auth.fetchUsersInOrg({ orgId: DEMO_IDS.acme, role: "Member", includeOrgs: true });
    expect(withOrgs.users.map((u) => u.orgIdToOrgInfo?.[DEMO_IDS.acme]?.userAssignedRole)).toEqual([
      "Member",
      "Member",
    ]);
  });

  it("updates metadata, e-mail and password, clears the password; an unknown user is false", async () => {
    expect(
      await setup.auth.updateUserMetadata(DEMO_IDS.alan, {
        firstName: "Alonzo",
        metadata: { plan_tier: "gold" },
        properties: { team: "core" },
      }),
    ).toBe(true);
    expect((await adminUser("alan@acme.example")).firstName).toBe("Alonzo");
    expect((await setup.auth.fetchUserMetadataByUserId(DEMO_IDS.alan))?.metadata).toEqual({ plan_tier: "gold" });
    expect(await setup.auth.updateUserMetadata(UNKNOWN, { firstName: "X" })).toBe(false);

    await setup.auth.updateUserEmail(DEMO_IDS.alan, {
      newEmail: "alonzo@acme.example",
      requireEmailConfirmation: false,
    });
    expect((await login("alonzo@acme.example")).login.status).toBe(200);
    const taken = await rejection(
      setup.auth.updateUserEmail(DEMO_IDS.alan, { newEmail: "ada@acme.example", requireEmailConfirmation: false }),
    );
    expect(taken).toBeInstanceOf(UpdateUserEmailException);
    await setup.auth.updateUserEmail(DEMO_IDS.grace, { newEmail: "g@acme.example", requireEmailConfirmation: true });
    expect((await setup.emulator.outbox("g@acme.example"))[0]?.kind).toBe("change_email");

    expect(await setup.auth.updateUserPassword(DEMO_IDS.alan, { password: "another-password" })).toBe(true);
    expect((await login("alonzo@acme.example", "another-password")).login.status).toBe(200);
    expect(await setup.auth.clearUserPassword(DEMO_IDS.alan)).toBe(true);
    expect((await setup.auth.fetchUserMetadataByUserId(DEMO_IDS.alan))?.hasPassword).toBe(false);
    expect((await adminUser("alonzo@acme.example")).hasPassword).toBe(false);
  });

  it("disables (signing out) and enables, turns 2FA off, toggles org creation, logs out everywhere, deletes", async () => {
    const browser = await login("alan@acme.example");
    expect(await setup.auth.disableUser(DEMO_IDS.alan)).toBe(true);
    expect((await browser.call("/api/v1/refresh_token")).status).toBe(401);
    expect((await login("alan@acme.example")).login.status).toBe(403);
    expect(await setup.auth.enableUser(DEMO_IDS.alan)).toBe(true);
    expect((await login("alan@acme.example")).login.status).toBe(200);

    expect((await adminUser("mallory@acme.example")).mfaEnabled).toBe(true);
    expect(await setup.auth.disableUser2fa(DEMO_IDS.mallory)).toBe(true);
    expect((await adminUser("mallory@acme.example")).mfaEnabled).toBe(false);

    expect(await setup.auth.disableUserCanCreateOrgs(DEMO_IDS.alan)).toBe(true);
    const alan = await login("alan@acme.example");
    expect((await alan.call("/api/fe/v3/create_org", "POST", { name: "Side project" })).status).toBe(403);
    expect(await setup.auth.enableUserCanCreateOrgs(DEMO_IDS.alan)).toBe(true);
    expect((await setup.auth.fetchUserMetadataByUserId(DEMO_IDS.alan))?.canCreateOrgs).toBe(true);

    expect(await setup.auth.logoutAllUserSessions(DEMO_IDS.alan)).toBe(true);
    expect((await alan.call("/api/v1/refresh_token")).status).toBe(401);
    expect(await setup.auth.deleteUser(DEMO_IDS.alan)).toBe(true);
    expect(await setup.auth.fetchUserMetadataByUserId(DEMO_IDS.alan)).toBeNull();
    expect(await setup.auth.deleteUser(DEMO_IDS.alan)).toBe(false);
    expect(await setup.auth.disableUser(UNKNOWN)).toBe(false);
  });

  it("resends the confirmation e-mail of an unconfirmed user; a confirmed one is a BadRequestException", async () => {
    const { userId } = await setup.auth.createUser({ email: "unconfirmed@acme.example", emailConfirmed: false });
    expect(await setup.auth.resendEmailConfirmation(userId)).toBe(true);
    expect((await setup.emulator.outbox("unconfirmed@acme.example"))[0]?.kind).toBe("confirm_email");
    expect((await rejection(setup.auth.resendEmailConfirmation(DEMO_IDS.ada))).constructor.name).toBe(
      "BadRequestException",
    );
    expect(await setup.auth.resendEmailConfirmation(UNKNOWN)).toBe(false);
  });
});

describe("access tokens", () => {
  it("mints a user token and an org token the library verifies; an unknown user is UserNotFoundException", async () => {
    const { access_token } = await setup.auth.createAccessToken({ userId: DEMO_IDS.ada, durationInMinutes: 5 });
    const user = await setup.auth.validateAccessTokenAndGetUser(`Bearer ${access_token}`);
    expect(user.email).toBe("ada@acme.example");
    expect(user.loginMethod).toEqual({ loginMethod: "generated_from_backend_api" });
    const org = await setup.auth.createAccessToken({
      userId: DEMO_IDS.ada,
      durationInMinutes: 5,
      activeOrgId: DEMO_IDS.globex,
    });
    const withOrg = await setup.auth.validateAccessTokenAndGetUser(`Bearer ${org.access_token}`);
    expect(withOrg.activeOrgId).toBe(DEMO_IDS.globex);
    await expect(setup.auth.createAccessToken({ userId: UNKNOWN, durationInMinutes: 5 })).rejects.toBeInstanceOf(
      UserNotFoundException,
    );
    const notMember = await rejection(
      setup.auth.createAccessToken({ userId: DEMO_IDS.newcomer, durationInMinutes: 5, activeOrgId: DEMO_IDS.acme }),
    );
    expect(Object.keys(notMember.fieldToErrors)).toEqual(["active_org_id"]);
  });
});
