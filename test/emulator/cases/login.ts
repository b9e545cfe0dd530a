import { expect } from "vitest";
import { currentTotp, DEMO_PASSWORD } from "../../../src/emulator/index.js";
import * as api from "../../../src/generated/operations.js";
import { admin, Browser, loggedIn } from "../harness.js";
import { MALLORY_SECRET } from "../test-seed.js";
import { fails, ok, type Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";

const ada = { email: "ada@acme.example", password: DEMO_PASSWORD };

/** A browser past Mallory's password, at the MFA step. */
async function atMfaStep(): Promise<Browser> {
  const browser = new Browser();
  expect(await api.login(browser.t, { body: { email: "mallory@acme.example", password: DEMO_PASSWORD } })).toEqual({
    login_state: "TwoFactorRequired",
  });
  return browser;
}

/** Session, login, signup, MFA verification and the e-mail flows. */
export const loginCases: Case[] = [
  ok(
    "refreshToken",
    200,
    "a valid session cookie: a signed access token, the user and their orgs; an org token with active_org_id",
    async () => {
      const browser = await loggedIn(ada.email);
      const all = await api.refreshToken(browser.t);
      expect(Object.keys(all.org_id_to_org_member_info ?? {}).sort()).toEqual([DEMO_IDS.acme, DEMO_IDS.globex].sort());
      expect(all.org_id_to_org_member_info?.[DEMO_IDS.acme]?.inherited_user_roles_plus_current_role).toEqual([
        "Owner",
        "Admin",
        "Member",
      ]);
      const org = await api.refreshToken(browser.t, { query: { active_org_id: DEMO_IDS.globex } });
      const claims = JSON.parse(Buffer.from(org.access_token.split(".")[1]!, "base64url").toString()) as Record<
        string,
        unknown
      >;
      expect(claims.org_member_info).toMatchObject({ org_id: DEMO_IDS.globex, additional_roles: ["Billing"] });
      expect(org.expires_at_seconds - Math.floor(Date.now() / 1000)).toBeGreaterThan(1700);
    },
  ),
  fails("refreshToken", 401, "not_logged_in", "no session cookie", () => api.refreshToken(new Browser().t)),
  fails("refreshToken", 401, "not_logged_in", "active_org_id of an org the user is not in", async () =>
    api.refreshToken((await loggedIn(ada.email)).t, { query: { active_org_id: DEMO_IDS.initech } }),
  ),
  ok("logout", 200, "ends the session; the next refresh is logged out", async () => {
    const browser = await loggedIn(ada.email);
    expect((await api.logout(browser.t)).redirect_to).toMatch(/\/login$/);
    await expect(api.refreshToken(browser.t)).rejects.toMatchObject({ status: 401 });
  }),
  ok("getLoginState", 200, "LoginRequired, then TwoFactorRequired after the password, then Finished", async () => {
    const browser = new Browser();
    expect(await api.getLoginState(browser.t)).toEqual({ login_state: "LoginRequired" });
    await api.login(browser.t, { body: { email: "mallory@acme.example", password: DEMO_PASSWORD } });
    expect(await api.getLoginState(browser.t)).toEqual({ login_state: "TwoFactorRequired" });
    await api.verifyMfa(browser.t, { body: { code: currentTotp(MALLORY_SECRET) } });
    expect(await api.getLoginState(browser.t)).toEqual({ login_state: "Finished" });
  }),
  ok("login", 200, "right password: a session", async () =>
    expect(await api.login(new Browser().t, { body: ada })).toEqual({ login_state: "Finished" }),
  ),
  ok(
    "login",
    200,
    "each step the settings and the user's state call for: UserMetadataRequired, UpdatePasswordRequired, OrgCreationRequired, TwoFactorEnablementRequired",
    async () => {
      const login = async (email: string) =>
        (await api.login(new Browser().t, { body: { email, password: DEMO_PASSWORD } })).login_state;
      await admin.configure({ requiredUserFields: ["username"] });
      expect(await login("grace@acme.example")).toBe("UserMetadataRequired");
      await admin.configure({ requiredUserFields: [], requireOrgMembership: true });
      expect(await login("newcomer@gmail.example")).toBe("OrgCreationRequired");
      await admin.call("POST", "/__emulator/seed", {
        users: [{ email: "reset.me@acme.example", password: DEMO_PASSWORD, mustChangePassword: true }],
      });
      expect(await login("reset.me@acme.example")).toBe("UpdatePasswordRequired");
      const t = (await loggedIn(ada.email)).t;
      await api.updateOrgMetadata(t, { body: { org_id: DEMO_IDS.acme, require_2fa_by: "2020-01-01T00:00:00Z" } });
      expect(await login("alan@acme.example")).toBe("TwoFactorEnablementRequired");
    },
  ),
  fails("login", 400, "invalid_request_fields", "malformed email", () =>
    api.login(new Browser().t, { body: { email: "ada", password: "x" } }),
  ),
  fails(
    "login",
    404,
    "user_not_found",
    "wrong password (counts towards the lock): the very answer an unknown e-mail gets",
    async () => {
      const answer = (body: { email: string; password: string }) =>
        api.login(new Browser().t, { body }).then(
          () => "logged in",
          (error: unknown) => error,
        );
      const unknown = await answer({ email: "nobody@acme.example", password: "wrong password" });
      const wrong = await answer({ ...ada, password: "wrong password" });
      const seen = (e: unknown) => {
        const { status, code, rawCode, userFacingError, userFacingErrors, fieldErrors } = e as Record<string, unknown>;
        return { status, code, rawCode, userFacingError, userFacingErrors, fieldErrors };
      };
      expect(seen(wrong)).toEqual(seen(unknown));
      return api.login(new Browser().t, { body: { ...ada, password: "wrong password" } });
    },
  ),
  fails(
    "login",
    403,
    "account_locked",
    "the 5th wrong password in a row locks the account; the right one is then refused too",
    async () => {
      const t = new Browser().t;
      for (let i = 0; i < 4; i++)
        await expect(api.login(t, { body: { ...ada, password: "wrong" } })).rejects.toMatchObject({
          code: "user_not_found",
        });
      await expect(api.login(t, { body: { ...ada, password: "wrong" } })).rejects.toMatchObject({
        code: "account_locked",
      });
      return api.login(t, { body: ada });
    },
  ),
  fails(
    "login",
    403,
    "action_disabled",
    "settings.passwordLogin off",
    async () => (await admin.configure({ passwordLogin: false }), api.login(new Browser().t, { body: ada })),
  ),
  fails(
    "login",
    403,
    "account_disabled",
    "the user is disabled",
    async () => (await admin.updateUser(DEMO_IDS.ada, { enabled: false }), api.login(new Browser().t, { body: ada })),
  ),
  fails("login", 404, "user_not_found", "no user has this email", () =>
    api.login(new Browser().t, { body: { email: "nobody@acme.example", password: "whatever1" } }),
  ),
  ok("signup", 200, "a new account, logged in, e-mail to confirm; the outbox link confirms it", async () => {
    const browser = new Browser();
    const result = await api.signup(browser.t, {
      body: { email: "zoe@newco.example", password: "long enough", first_name: "Zoe" },
    });
    expect(result.login_state).toBe("ConfirmEmailRequired");
    const [mail] = await admin.outbox("zoe@newco.example");
    expect(mail?.kind).toBe("confirm_email");
    expect((await browser.open(mail!.link)).status).toBe(303);
    expect(await api.getLoginState(browser.t)).toEqual({ login_state: "Finished" });
  }),
  fails("signup", 400, "invalid_request_fields", "email taken, password under 8 characters", async () => {
    const error = await api
      .signup(new Browser().t, { body: { email: ada.email, password: "short" } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ fieldErrors: { email: "already_taken", password: "too_short" } });
    throw error;
  }),
  fails(
    "signup",
    403,
    "action_disabled",
    "settings.signup off",
    async () => (
      await admin.configure({ signup: false }),
      api.signup(new Browser().t, { body: { email: "zoe@newco.example", password: "long enough" } })
    ),
  ),
  ok("forgotPassword", 200, "a reset link in the outbox; it sets a new password and unlocks", async () => {
    const result = await api.forgotPassword(new Browser().t, { body: { email: ada.email } });
    expect(result.sniper_links).toEqual({});
    const [mail] = await admin.outbox(ada.email);
    const form = new URLSearchParams({
      i: new URL(mail!.link).searchParams.get("i")!,
      t: new URL(mail!.link).searchParams.get("t")!,
      password: "a new password",
    });
    expect((await new Browser().open(new URL("/link", mail!.link).href, { method: "POST", body: form })).status).toBe(
      303,
    );
    expect(await api.login(new Browser().t, { body: { email: ada.email, password: "a new password" } })).toEqual({
      login_state: "Finished",
    });
  }),
  fails("forgotPassword", 400, "invalid_request_fields", "malformed email", () =>
    api.forgotPassword(new Browser().t, { body: { email: "not-an-email" } }),
  ),
  ok("loginPasswordless", 204, "a magic link in the outbox that logs the browser in once", async () => {
    await api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } });
    const [mail] = await admin.outbox(ada.email);
    const browser = new Browser();
    expect((await browser.open(mail!.link)).status).toBe(303);
    expect((await api.refreshToken(browser.t)).user.email).toBe(ada.email);
    expect((await new Browser().open(mail!.link)).status).toBe(400);
  }),
  fails("loginPasswordless", 400, "invalid_request_fields", "malformed email", () =>
    api.loginPasswordless(new Browser().t, { body: { email: "x", create_if_doesnt_exist: false } }),
  ),
  fails(
    "loginPasswordless",
    400,
    "bad_request",
    "creating an account with a personal address while settings.passwordlessWorkEmailOnly",
    async () => (
      await admin.configure({ passwordlessWorkEmailOnly: true }),
      api.loginPasswordless(new Browser().t, { body: { email: "someone@gmail.com", create_if_doesnt_exist: true } })
    ),
  ),
  fails(
    "loginPasswordless",
    400,
    "domain_not_allowed",
    "creating an account outside settings.allowedSignupDomains",
    async () => (
      await admin.configure({ allowedSignupDomains: ["acme.example"] }),
      api.loginPasswordless(new Browser().t, { body: { email: "x@elsewhere.example", create_if_doesnt_exist: true } })
    ),
  ),
  fails(
    "loginPasswordless",
    403,
    "account_disabled",
    "the user is disabled",
    async () => (
      await admin.updateUser(DEMO_IDS.ada, { enabled: false }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  ),
  fails(
    "loginPasswordless",
    403,
    "account_locked",
    "the user is locked",
    async () => (
      await admin.updateUser(DEMO_IDS.ada, { locked: true }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  ),
  fails(
    "loginPasswordless",
    404,
    "not_found",
    "settings.passwordless off",
    async () => (
      await admin.configure({ passwordless: false }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  ),
  ok("verifyMfa", 200, "the current TOTP code (RFC 6238) of the user's secret", async () =>
    expect(await api.verifyMfa((await atMfaStep()).t, { body: { code: currentTotp(MALLORY_SECRET) } })).toEqual({
      login_state: "Finished",
    }),
  ),
  fails("verifyMfa", 400, "invalid_request_fields", "a wrong code", async () =>
    api.verifyMfa((await atMfaStep()).t, { body: { code: "000000" } }),
  ),
  fails("verifyMfa", 401, "invalid_mfa_cookie", "no MFA step under way (or it timed out)", () =>
    api.verifyMfa(new Browser().t, { body: { code: "123456" } }),
  ),
  fails(
    "verifyMfa",
    403,
    "account_mfa_locked",
    "settings.lockAfterFailedMfa wrong codes in a row lock MFA; a right code is then refused",
    async () => {
      await admin.configure({ lockAfterFailedMfa: 2 });
      const { t } = await atMfaStep();
      await expect(api.verifyMfa(t, { body: { code: "000000" } })).rejects.toMatchObject({
        code: "invalid_request_fields",
      });
      await expect(api.verifyMfa(t, { body: { code: "000000" } })).rejects.toMatchObject({
        code: "account_mfa_locked",
      });
      return api.verifyMfa(t, { body: { code: currentTotp(MALLORY_SECRET) } });
    },
  ),
  fails("verifyMfa", 403, "account_disabled", "the user was disabled during the MFA step", async () => {
    const { t } = await atMfaStep();
    await admin.updateUser(DEMO_IDS.mallory, { enabled: false });
    return api.verifyMfa(t, { body: { code: currentTotp(MALLORY_SECRET) } });
  }),
  ok("verifyBackupCode", 200, "an unused backup code; it is single-use", async () => {
    expect(await api.verifyBackupCode((await atMfaStep()).t, { body: { code: "0000-0001" } })).toEqual({
      login_state: "Finished",
    });
    await expect(api.verifyBackupCode((await atMfaStep()).t, { body: { code: "0000-0001" } })).rejects.toMatchObject({
      code: "incorrect_mfa_code",
    });
  }),
  fails("verifyBackupCode", 400, "incorrect_mfa_code", "a wrong backup code", async () =>
    api.verifyBackupCode((await atMfaStep()).t, { body: { code: "9999-9999" } }),
  ),
  fails("verifyBackupCode", 401, "invalid_mfa_cookie", "no MFA step under way", () =>
    api.verifyBackupCode(new Browser().t, { body: { code: "0000-0001" } }),
  ),
  fails("verifyBackupCode", 403, "account_mfa_locked", "too many wrong codes lock MFA", async () => {
    await admin.configure({ lockAfterFailedMfa: 1 });
    const { t } = await atMfaStep();
    return api.verifyBackupCode(t, { body: { code: "9999-9999" } });
  }),
  fails("verifyBackupCode", 403, "account_disabled", "the user was disabled during the MFA step", async () => {
    const { t } = await atMfaStep();
    await admin.updateUser(DEMO_IDS.mallory, { enabled: false });
    return api.verifyBackupCode(t, { body: { code: "0000-0002" } });
  }),
  ok("resendEmailConfirmation", 204, "an unconfirmed user: a new confirmation e-mail", async () => {
    await api.resendEmailConfirmation((await loggedIn("una@acme.example")).t);
    expect((await admin.outbox("una@acme.example"))[0]?.kind).toBe("confirm_email");
  }),
  fails("resendEmailConfirmation", 400, "email_already_confirmed", "the e-mail is confirmed", async () =>
    api.resendEmailConfirmation((await loggedIn(ada.email)).t),
  ),
  fails("resendEmailConfirmation", 401, "not_logged_in", "no session", () =>
    api.resendEmailConfirmation(new Browser().t),
  ),
  fails(
    "resendEmailConfirmation",
    429,
    "rate_limit_exceeded",
    "a second request within settings.emailResendSeconds",
    async () => {
      const { t } = await loggedIn("una@acme.example");
      await api.resendEmailConfirmation(t);
      return api.resendEmailConfirmation(t);
    },
  ),
  ok("loginCheck", 200, "exactly one SAML org has the e-mail's domain", async () =>
    expect((await api.loginCheck(new Browser().t, { query: { email: "x@acme.example" } })).login_url).toMatch(
      new RegExp(`/saml\\?id=${DEMO_IDS.acme}$`),
    ),
  ),
  fails("loginCheck", 400, "ambiguous_results", "two SAML orgs share the domain", async () => {
    await admin.call("POST", "/__emulator/seed", {
      orgs: [
        { id: "4f1c2b9a-8d3e-4a6f-9b7c-0e1d2f3a4b5c", name: "Acme Two", domain: "acme.example", samlEnabled: true },
      ],
    });
    return api.loginCheck(new Browser().t, { query: { domain: "acme.example" } });
  }),
  fails("loginCheck", 404, "org_not_found", "no SAML org for the domain", () =>
    api.loginCheck(new Browser().t, { query: { domain: "globex.example" } }),
  ),
];
