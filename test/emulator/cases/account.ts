import { expect } from "vitest";
import { currentTotp, DEMO_PASSWORD } from "../../../src/emulator/index.js";
import * as api from "../../../src/generated/operations.js";
import { admin, Browser, loggedIn } from "../harness.js";
import { MALLORY_SECRET } from "../test-seed.js";
import type { Case } from "./case.js";
import { DEMO_IDS } from "../../../src/emulator/seeds/demo-seed.js";

const ADA = "ada@acme.example";

/** A browser logged in as Ada, on the account page's calls. */
const ada = async () => (await loggedIn(ADA)).t;

/** Turns MFA on for a logged-in browser with the secret the status call minted; returns the secret. */
async function turnMfaOn(t: Browser["t"]): Promise<string> {
  const status = await api.getSecurityStatus(t);
  if (status.type !== "Disabled") throw new Error("MFA already on");
  await api.enableMfa(t, { body: { code: currentTotp(status.new_secret) } });
  return status.new_secret;
}

/** MFA set-up, password, e-mail, profile and account deletion. */
export const accountCases: Case[] = [
  {
    op: "getSecurityStatus",
    status: 200,
    rule: "MFA off: a fresh secret and its QR code; MFA on: the unused backup codes",
    async run() {
      const t = await ada();
      const off = await api.getSecurityStatus(t);
      expect(off).toMatchObject({ type: "Disabled", mfa_enabled: false });
      expect(off.type === "Disabled" && off.new_qr.startsWith("data:image/png;base64,")).toBe(true);
      await turnMfaOn(t);
      const on = await api.getSecurityStatus(t);
      expect(on.type === "Enabled" && on.backup_codes.length).toBe(10);
    },
  },
  {
    op: "getSecurityStatus",
    status: 200,
    rule: "the unused backup codes in the order they were issued",
    async run() {
      const issued = ["zz99-0001", "aa11-0002", "mm55-0003"];
      const email = "codes-in-order@acme.example";
      await admin.call("POST", "/__emulator/seed", {
        users: [{ email, password: DEMO_PASSWORD, mfaSecret: MALLORY_SECRET, backupCodes: issued }],
      });
      const browser = new Browser();
      await api.login(browser.t, { body: { email, password: DEMO_PASSWORD } });
      await api.verifyMfa(browser.t, { body: { code: currentTotp(MALLORY_SECRET) } });
      const status = await api.getSecurityStatus(browser.t);
      expect(status.type === "Enabled" && status.backup_codes).toEqual(issued);
    },
  },
  {
    op: "enableMfa",
    status: 204,
    rule: "a right code for the minted secret; the next login asks for a code",
    async run() {
      const secret = await turnMfaOn(await ada());
      const browser = new Browser();
      expect(await api.login(browser.t, { body: { email: ADA, password: DEMO_PASSWORD } })).toEqual({
        login_state: "TwoFactorRequired",
      });
      expect(await api.verifyMfa(browser.t, { body: { code: currentTotp(secret) } })).toEqual({
        login_state: "Finished",
      });
    },
  },
  {
    op: "enableMfa",
    status: 400,
    code: "invalid_request_fields",
    rule: "a wrong code",
    async run() {
      const t = await ada();
      await api.getSecurityStatus(t);
      return api.enableMfa(t, { body: { code: "000000" } });
    },
  },
  {
    op: "enableMfa",
    status: 409,
    code: "action_already_complete",
    rule: "MFA is already on",
    run: async () => {
      const t = await ada();
      await turnMfaOn(t);
      return api.enableMfa(t, { body: { code: "123456" } });
    },
  },
  {
    op: "disableMfa",
    status: 204,
    rule: "MFA on: turns it off",
    run: async () => {
      const t = await ada();
      await turnMfaOn(t);
      await api.disableMfa(t, { body: {} });
      expect((await api.getSecurityStatus(t)).mfa_enabled).toBe(false);
    },
  },
  {
    op: "disableMfa",
    status: 409,
    code: "action_already_complete",
    rule: "MFA is already off",
    run: async () => api.disableMfa(await ada(), { body: {} }),
  },
  {
    op: "updatePassword",
    status: 204,
    rule: "the right current password and a new one of 8+ characters",
    async run() {
      await api.updatePassword(await ada(), {
        body: { current_password: DEMO_PASSWORD, password: "brand new password" },
      });
      expect(await api.login(new Browser().t, { body: { email: ADA, password: "brand new password" } })).toEqual({
        login_state: "Finished",
      });
    },
  },
  {
    op: "updatePassword",
    status: 400,
    code: "incorrect_password",
    rule: "a wrong current password",
    run: async () =>
      api.updatePassword(await ada(), { body: { current_password: "not it", password: "brand new password" } }),
  },
  {
    op: "updatePassword",
    status: 400,
    code: "invalid_request_fields",
    rule: "new password under 8 characters, current password missing",
    run: async () => api.updatePassword(await ada(), { body: { password: "short" } }),
  },
  {
    op: "updatePassword",
    status: 403,
    code: "account_locked",
    rule: "5 wrong current passwords lock the account",
    async run() {
      const t = await ada();
      for (let i = 0; i < 4; i++)
        await expect(
          api.updatePassword(t, { body: { current_password: "wrong", password: "brand new password" } }),
        ).rejects.toMatchObject({ code: "incorrect_password" });
      return api.updatePassword(t, { body: { current_password: "wrong", password: "brand new password" } });
    },
  },
  {
    op: "updateEmail",
    status: 204,
    rule: "a free address and the right password: a confirmation link to the new address, which changes it",
    async run() {
      const browser = await loggedIn(ADA);
      await api.updateEmail(browser.t, { body: { new_email: "ada@newco.example", password: DEMO_PASSWORD } });
      const [mail] = await admin.outbox("ada@newco.example");
      await browser.open(mail!.link);
      expect((await api.refreshToken(browser.t)).user.email).toBe("ada@newco.example");
    },
  },
  {
    op: "updateEmail",
    status: 400,
    code: "invalid_request_fields",
    rule: "malformed or taken address",
    run: async () =>
      api.updateEmail(await ada(), { body: { new_email: "grace@acme.example", password: DEMO_PASSWORD } }),
  },
  {
    op: "updateEmail",
    status: 400,
    code: "incorrect_password",
    rule: "a wrong password",
    run: async () => api.updateEmail(await ada(), { body: { new_email: "ada@newco.example", password: "wrong" } }),
  },
  {
    op: "updateEmail",
    status: 403,
    code: "action_forbidden",
    rule: "a member of an org that restricts to the user's domain",
    async run() {
      const t = await ada();
      await api.updateOrgMetadata(t, { body: { org_id: DEMO_IDS.acme, restrict_to_domain: true } });
      return api.updateEmail(t, { body: { new_email: "ada@newco.example", password: DEMO_PASSWORD } });
    },
  },
  {
    op: "updateEmail",
    status: 403,
    code: "account_locked",
    rule: "the account is locked",
    run: async () => {
      const t = await ada();
      await admin.updateUser(DEMO_IDS.ada, { locked: true });
      return api.updateEmail(t, { body: { new_email: "ada@newco.example", password: DEMO_PASSWORD } });
    },
  },
  {
    op: "updateEmail",
    status: 429,
    code: "confirmation_email_sent",
    rule: "a second change within settings.emailResendSeconds",
    async run() {
      const t = await ada();
      await api.updateEmail(t, { body: { new_email: "ada@newco.example", password: DEMO_PASSWORD } });
      return api.updateEmail(t, { body: { new_email: "ada@other.example", password: DEMO_PASSWORD } });
    },
  },
  {
    op: "updateEmail",
    status: 500,
    code: "email_send_failure",
    rule: "the new address is on an undeliverable domain",
    run: async () =>
      api.updateEmail(await ada(), { body: { new_email: "ada@undeliverable.example", password: DEMO_PASSWORD } }),
  },
  {
    op: "updateMetadata",
    status: 204,
    rule: "names, username and properties are stored and come back on refresh",
    async run() {
      const t = await ada();
      await api.updateMetadata(t, {
        body: { first_name: "Augusta", username: "countess", properties: { favorite_color: "green" } },
      });
      expect((await api.refreshToken(t)).user).toMatchObject({
        first_name: "Augusta",
        username: "countess",
        properties: { favorite_color: "green", plan_tier: "pro" },
      });
    },
  },
  {
    op: "updateMetadata",
    status: 400,
    code: "invalid_request_fields",
    rule: "username held by someone else",
    run: async () => {
      await api.updateMetadata(await ada(), { body: { username: "taken-name" } });
      return api.updateMetadata((await loggedIn("grace@acme.example")).t, { body: { username: "Taken-Name" } });
    },
  },
  {
    op: "deleteMe",
    status: 204,
    rule: "deletes the user and the session",
    async run() {
      const t = await ada();
      await api.deleteMe(t);
      await expect(api.refreshToken(t)).rejects.toMatchObject({ status: 401 });
      await expect(api.login(new Browser().t, { body: { email: ADA, password: DEMO_PASSWORD } })).rejects.toMatchObject(
        { code: "user_not_found" },
      );
    },
  },
];
