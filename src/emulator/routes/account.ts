import { withinRateLimit, type EmulatorContext } from "../store/context.js";
import { accountLocked, assertFields, disabled, forbidden, invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalObject, optionalText } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { disableMfa, enableMfa, getMfa, mintPendingSecret, unusedBackupCodes } from "../store/mfa-store.js";
import { membershipsOf } from "../store/orgs.js";
import { sendLink } from "../store/outbox.js";
import { checkPasswordCounted, deletePerson, getPersonByEmail, updateProfile, type Person } from "../store/people.js";
import { domainOf, hashPassword, isEmail } from "../tokens/secrets.js";
import { endSession, requirePerson } from "../store/sessions.js";
import { checkTotp, totpQr } from "../tokens/totp.js";
import { noContent, ok } from "../http/reply.js";
import { nameProblem, passwordProblem, usernameProblem } from "./validation.js";

/** Checks the current password; a wrong one counts towards the lock, and the last allowed one locks the account. */
async function checkCurrentPassword(ctx: EmulatorContext, person: Person, password: string): Promise<boolean> {
  return checkPasswordCounted(ctx, person, password, (await ctx.settings()).lockAfterFailedLogins);
}

/** The account operations: MFA status and set-up, password, e-mail, profile and deletion. */
export function accountRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/api/fe/v3/security_status", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const mfa = await getMfa(ctx, person.id);
    if (mfa.enabled)
      return ok({ type: "Enabled", mfa_enabled: true, backup_codes: await unusedBackupCodes(ctx, person.id) });
    const secret = await mintPendingSecret(ctx, person.id);
    return ok({ type: "Disabled", mfa_enabled: false, new_secret: secret, new_qr: await totpQr(secret, person.email) });
  });

  router.add("POST", "/api/fe/v3/mfa_enable", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const mfa = await getMfa(ctx, person.id);
    if (mfa.enabled)
      throw new ProviderError(409, "action_already_complete", "Two-factor authentication is already enabled");
    const code = (optionalText(bodyOf(request), "code") ?? "").replace(/\s/g, "");
    if (!mfa.pendingSecret || !checkTotp(mfa.pendingSecret, code))
      throw invalidFields({ code: { code: "incorrect_code", message: "Invalid code. Please try again." } });
    await enableMfa(ctx, person.id, mfa.pendingSecret);
    return noContent();
  });

  router.add("POST", "/api/fe/v3/mfa_disable", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    if (!(await getMfa(ctx, person.id)).enabled)
      throw new ProviderError(409, "action_already_complete", "Two-factor authentication is already disabled");
    await disableMfa(ctx, person.id);
    return noContent();
  });

  router.add("POST", "/api/fe/v3/update_password", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    if (person.locked) throw accountLocked();
    const body = bodyOf(request);
    const password = optionalText(body, "password") ?? "";
    const current = optionalText(body, "current_password");
    const needsCurrent = person.passwordHash !== null;
    assertFields({
      password: passwordProblem(password),
      current_password:
        needsCurrent && !current ? { code: "required", message: "Please enter your current password" } : undefined,
    });
    if (needsCurrent && !(await checkCurrentPassword(ctx, person, current!)))
      throw new ProviderError(400, "incorrect_password", "Your current password is incorrect");
    await updateProfile(ctx, person.id, {
      passwordHash: await hashPassword(password),
      failedLogins: 0,
      mustChangePassword: false,
    });
    return noContent();
  });

  router.add("POST", "/api/fe/v3/update_email", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const settings = await ctx.settings();
    if (!settings.emailChange) throw disabled("Changing your email address is not enabled");
    if (person.locked) throw accountLocked();
    const bound = (await membershipsOf(ctx, person.id)).some(
      ({ org }) => org.restrictToDomain && org.domain === domainOf(person.email),
    );
    if (bound) throw forbidden("Your email address is managed by your organization and cannot be changed");
    const body = bodyOf(request);
    const newEmail = optionalText(body, "new_email") ?? "";
    if (!isEmail(newEmail))
      throw invalidFields({ new_email: { code: "invalid_email", message: "Please enter a valid email address" } });
    if (await getPersonByEmail(ctx, newEmail))
      throw invalidFields({
        new_email: { code: "already_taken", message: "An account with this email already exists" },
      });
    if (
      person.passwordHash !== null &&
      !(await checkCurrentPassword(ctx, person, optionalText(body, "password") ?? ""))
    ) {
      throw new ProviderError(400, "incorrect_password", "Incorrect password");
    }
    if (!(await withinRateLimit(ctx, `change-email:${person.id}`, settings.emailResendSeconds, 1))) {
      throw new ProviderError(
        429,
        "confirmation_email_sent",
        "A confirmation email was sent recently. Please check your inbox.",
      );
    }
    const sent = await sendLink(ctx, {
      to: newEmail,
      kind: "change_email",
      subject: "Confirm your new email address",
      identifier: `email:${person.id}:${newEmail}`,
      seconds: 86_400,
    });
    if (!sent)
      throw new ProviderError(
        500,
        "email_send_failure",
        "We couldn't send the confirmation email. Please try again later.",
      );
    return noContent();
  });

  router.add("POST", "/api/fe/v3/update_metadata", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const body = bodyOf(request);
    const username = optionalText(body, "username");
    const firstName = optionalText(body, "first_name");
    const lastName = optionalText(body, "last_name");
    const properties = optionalObject(body, "properties");
    assertFields({
      username: await usernameProblem(ctx, username, person.id),
      first_name: nameProblem(firstName),
      last_name: nameProblem(lastName),
    });
    await updateProfile(ctx, person.id, {
      ...(username !== undefined && { username }),
      ...(firstName !== undefined && { firstName }),
      ...(lastName !== undefined && { lastName }),
      ...(properties !== undefined && { properties: { ...person.properties, ...properties } }),
    });
    return noContent();
  });

  router.add("DELETE", "/api/fe/v3/delete_me", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: false });
    if (!(await ctx.settings()).accountDeletion) throw disabled("Deleting your account is not enabled");
    const cookies = await endSession(ctx, request);
    await deletePerson(ctx, person.id);
    return noContent(cookies);
  });
}
