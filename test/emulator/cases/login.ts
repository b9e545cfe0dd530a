import { expect } from "vitest";
import { currentTotp, DEMO_PASSWORD } from "../../../src/emulator/index.js";
import * as api from "../../../src/generated/operations.js";
import { admin, Browser, loggedIn } from "../harness.js";
import { MALLORY_SECRET } from "../test-seed.js";
import type { Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/demo-seed.js";

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
  {
    op: "refreshToken",
    status: 200,
    rule: "a valid session cookie: a signed access token, the user and their orgs; an org token with active_org_id",
    async run() {
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
  },
  {
    op: "refreshToken",
    status: 401,
    code: "not_logged_in",
    rule: "no session cookie",
    run: () => api.refreshToken(new Browser().t),
  },
  {
    op: "refreshToken",
    status: 401,
    code: "not_logged_in",
    rule: "active_org_id of an org the user is not in",
    run: async () => api.refreshToken((await loggedIn(ada.email)).t, { query: { active_org_id: DEMO_IDS.initech } }),
  },
  {
    op: "logout",
    status: 200,
    rule: "ends the session; the next refresh is logged out",
    async run() {
      const browser = await loggedIn(ada.email);
      expect((await api.logout(browser.t)).redirect_to).toMatch(/\/login$/);
      await expect(api.refreshToken(browser.t)).rejects.toMatchObject({ status: 401 });
    },
  },
  {
    op: "getLoginState",
    status: 200,
    rule: "LoginRequired, then TwoFactorRequired after the password, then Finished",
    async run() {
      const browser = new Browser();
      expect(await api.getLoginState(browser.t)).toEqual({ login_state: "LoginRequired" });
      await api.login(browser.t, { body: { email: "mallory@acme.example", password: DEMO_PASSWORD } });
      expect(await api.getLoginState(browser.t)).toEqual({ login_state: "TwoFactorRequired" });
      await api.verifyMfa(browser.t, { body: { code: currentTotp(MALLORY_SECRET) } });
      expect(await api.getLoginState(browser.t)).toEqual({ login_state: "Finished" });
    },
  },
  {
    op: "login",
    status: 200,
    rule: "right password: a session",
    run: async () => expect(await api.login(new Browser().t, { body: ada })).toEqual({ login_state: "Finished" }),
  },
  {
    op: "login",
    status: 200,
    rule: "each step the settings and the user's state call for: UserMetadataRequired, UpdatePasswordRequired, OrgCreationRequired, TwoFactorEnablementRequired",
    async run() {
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
  },
  {
    op: "login",
    status: 400,
    code: "invalid_request_fields",
    rule: "malformed email",
    run: () => api.login(new Browser().t, { body: { email: "ada", password: "x" } }),
  },
  {
    op: "login",
    status: 404,
    code: "user_not_found",
    rule: "wrong password (counts towards the lock): the very answer an unknown e-mail gets",
    async run() {
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
  },
  {
    op: "login",
    status: 403,
    code: "account_locked",
    rule: "the 5th wrong password in a row locks the account; the right one is then refused too",
    async run() {
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
  },
  {
    op: "login",
    status: 403,
    code: "action_disabled",
    rule: "settings.passwordLogin off",
    run: async () => (await admin.configure({ passwordLogin: false }), api.login(new Browser().t, { body: ada })),
  },
  {
    op: "login",
    status: 403,
    code: "account_disabled",
    rule: "the user is disabled",
    run: async () => (
      await admin.updateUser(DEMO_IDS.ada, { enabled: false }), api.login(new Browser().t, { body: ada })
    ),
  },
  {
    op: "login",
    status: 404,
    code: "user_not_found",
    rule: "no user has this email",
    run: () => api.login(new Browser().t, { body: { email: "nobody@acme.example", password: "whatever1" } }),
  },
  {
    op: "signup",
    status: 200,
    rule: "a new account, logged in, e-mail to confirm; the outbox link confirms it",
    async run() {
      const browser = new Browser();
      const result = await api.signup(browser.t, {
        body: { email: "zoe@newco.example", password: "long enough", first_name: "Zoe" },
      });
      expect(result.login_state).toBe("ConfirmEmailRequired");
      const [mail] = await admin.outbox("zoe@newco.example");
      expect(mail?.kind).toBe("confirm_email");
      expect((await browser.open(mail!.link)).status).toBe(303);
      expect(await api.getLoginState(browser.t)).toEqual({ login_state: "Finished" });
    },
  },
  {
    op: "signup",
    status: 400,
    code: "invalid_request_fields",
    rule: "email taken, password under 8 characters",
    async run() {
      const error = await api
        .signup(new Browser().t, { body: { email: ada.email, password: "short" } })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ fieldErrors: { email: "already_taken", password: "too_short" } });
      throw error;
    },
  },
  {
    op: "signup",
    status: 403,
    code: "action_disabled",
    rule: "settings.signup off",
    run: async () => (
      await admin.configure({ signup: false }),
      api.signup(new Browser().t, { body: { email: "zoe@newco.example", password: "long enough" } })
    ),
  },
  {
    op: "forgotPassword",
    status: 200,
    rule: "a reset link in the outbox; it sets a new password and unlocks",
    async run() {
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
    },
  },
  {
    op: "forgotPassword",
    status: 400,
    code: "invalid_request_fields",
    rule: "malformed email",
    run: () => api.forgotPassword(new Browser().t, { body: { email: "not-an-email" } }),
  },
  {
    op: "loginPasswordless",
    status: 204,
    rule: "a magic link in the outbox that logs the browser in once",
    async run() {
      await api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } });
      const [mail] = await admin.outbox(ada.email);
      const browser = new Browser();
      expect((await browser.open(mail!.link)).status).toBe(303);
      expect((await api.refreshToken(browser.t)).user.email).toBe(ada.email);
      expect((await new Browser().open(mail!.link)).status).toBe(400);
    },
  },
  {
    op: "loginPasswordless",
    status: 400,
    code: "invalid_request_fields",
    rule: "malformed email",
    run: () => api.loginPasswordless(new Browser().t, { body: { email: "x", create_if_doesnt_exist: false } }),
  },
  {
    op: "loginPasswordless",
    status: 400,
    code: "bad_request",
    rule: "creating an account with a personal address while settings.passwordlessWorkEmailOnly",
    run: async () => (
      await admin.configure({ passwordlessWorkEmailOnly: true }),
      api.loginPasswordless(new Browser().t, { body: { email: "someone@gmail.com", create_if_doesnt_exist: true } })
    ),
  },
  {
    op: "loginPasswordless",
    status: 400,
    code: "domain_not_allowed",
    rule: "creating an account outside settings.allowedSignupDomains",
    run: async () => (
      await admin.configure({ allowedSignupDomains: ["acme.example"] }),
      api.loginPasswordless(new Browser().t, { body: { email: "x@elsewhere.example", create_if_doesnt_exist: true } })
    ),
  },
  {
    op: "loginPasswordless",
    status: 403,
    code: "account_disabled",
    rule: "the user is disabled",
    run: async () => (
      await admin.updateUser(DEMO_IDS.ada, { enabled: false }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  },
  {
    op: "loginPasswordless",
    status: 403,
    code: "account_locked",
    rule: "the user is locked",
    run: async () => (
      await admin.updateUser(DEMO_IDS.ada, { locked: true }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  },
  {
    op: "loginPasswordless",
    status: 404,
    code: "not_found",
    rule: "settings.passwordless off",
    run: async () => (
      await admin.configure({ passwordless: false }),
      api.loginPasswordless(new Browser().t, { body: { email: ada.email, create_if_doesnt_exist: false } })
    ),
  },
  {
    op: "verifyMfa",
    status: 200,
    rule: "the current TOTP code (RFC 6238) of the user's secret",
    run: async () =>
      expect(await api.verifyMfa((await atMfaStep()).t, { body: { code: currentTotp(MALLORY_SECRET) } })).toEqual({
        login_state: "Finished",
      }),
  },
  {
    op: "verifyMfa",
    status: 400,
    code: "invalid_request_fields",
    rule: "a wrong code",
    run: async () => api.verifyMfa((await atMfaStep()).t, { body: { code: "000000" } }),
  },
  {
    op: "verifyMfa",
    status: 401,
    code: "invalid_mfa_cookie",
    rule: "no MFA step under way (or it timed out)",
    run: () => api.verifyMfa(new Browser().t, { body: { code: "123456" } }),
  },
  {
    op: "verifyMfa",
    status: 403,
    code: "account_mfa_locked",
    rule: "settings.lockAfterFailedMfa wrong codes in a row lock MFA; a right code is then refused",
    async run() {
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
  },
  {
    op: "verifyMfa",
    status: 403,
    code: "account_disabled",
    rule: "the user was disabled during the MFA step",
    run: async () => {
      const { t } = await atMfaStep();
      await admin.updateUser(DEMO_IDS.mallory, { enabled: false });
      return api.verifyMfa(t, { body: { code: currentTotp(MALLORY_SECRET) } });
    },
  },
  {
    op: "verifyBackupCode",
    status: 200,
    rule: "an unused backup code; it is single-use",
    async run() {
      expect(await api.verifyBackupCode((await atMfaStep()).t, { body: { code: "0000-0001" } })).toEqual({
        login_state: "Finished",
      });
      await expect(api.verifyBackupCode((await atMfaStep()).t, { body: { code: "0000-0001" } })).rejects.toMatchObject({
        code: "incorrect_mfa_code",
      });
    },
  },
  {
    op: "verifyBackupCode",
    status: 400,
    code: "incorrect_mfa_code",
    rule: "a wrong backup code",
    run: async () => api.verifyBackupCode((await atMfaStep()).t, { body: { code: "9999-9999" } }),
  },
  {
    op: "verifyBackupCode",
    status: 401,
    code: "invalid_mfa_cookie",
    rule: "no MFA step under way",
    run: () => api.verifyBackupCode(new Browser().t, { body: { code: "0000-0001" } }),
  },
  {
    op: "verifyBackupCode",
    status: 403,
    code: "account_mfa_locked",
    rule: "too many wrong codes lock MFA",
    async run() {
      await admin.configure({ lockAfterFailedMfa: 1 });
      const { t } = await atMfaStep();
      return api.verifyBackupCode(t, { body: { code: "9999-9999" } });
    },
  },
  {
    op: "verifyBackupCode",
    status: 403,
    code: "account_disabled",
    rule: "the user was disabled during the MFA step",
    run: async () => {
      const { t } = await atMfaStep();
      await admin.updateUser(DEMO_IDS.mallory, { enabled: false });
      return api.verifyBackupCode(t, { body: { code: "0000-0002" } });
    },
  },
  {
    op: "resendEmailConfirmation",
    status: 204,
    rule: "an unconfirmed user: a new confirmation e-mail",
    async run() {
      await api.resendEmailConfirmation((await loggedIn("una@acme.example")).t);
      expect((await admin.outbox("una@acme.example"))[0]?.kind).toBe("confirm_email");
    },
  },
  {
    op: "resendEmailConfirmation",
    status: 400,
    code: "email_already_confirmed",
    rule: "the e-mail is confirmed",
    run: async () => api.resendEmailConfirmation((await loggedIn(ada.email)).t),
  },
  {
    op: "resendEmailConfirmation",
    status: 401,
    code: "not_logged_in",
    rule: "no session",
    run: () => api.resendEmailConfirmation(new Browser().t),
  },
  {
    op: "resendEmailConfirmation",
    status: 429,
    code: "rate_limit_exceeded",
    rule: "a second request within settings.emailResendSeconds",
    async run() {
      const { t } = await loggedIn("una@acme.example");
      await api.resendEmailConfirmation(t);
      return api.resendEmailConfirmation(t);
    },
  },
  {
    op: "loginCheck",
    status: 200,
    rule: "exactly one SAML org has the e-mail's domain",
    run: async () =>
      expect((await api.loginCheck(new Browser().t, { query: { email: "x@acme.example" } })).login_url).toMatch(
        new RegExp(`/saml\\?id=${DEMO_IDS.acme}$`),
      ),
  },
  {
    op: "loginCheck",
    status: 400,
    code: "ambiguous_results",
    rule: "two SAML orgs share the domain",
    async run() {
      await admin.call("POST", "/__emulator/seed", {
        orgs: [
          { id: "4f1c2b9a-8d3e-4a6f-9b7c-0e1d2f3a4b5c", name: "Acme Two", domain: "acme.example", samlEnabled: true },
        ],
      });
      return api.loginCheck(new Browser().t, { query: { domain: "acme.example" } });
    },
  },
  {
    op: "loginCheck",
    status: 404,
    code: "org_not_found",
    rule: "no SAML org for the domain",
    run: () => api.loginCheck(new Browser().t, { query: { domain: "globex.example" } }),
  },
];
