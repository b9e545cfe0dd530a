import { loginStateOf } from "./auth-info.js";
import type { EmulatorContext } from "../store/context.js";
import {
  accountDisabled,
  accountLocked,
  assertFields,
  disabled,
  invalidFields,
  ProviderError,
} from "../http/errors.js";
import { bodyOf, optionalObject, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { acceptInvitation, findInvitation } from "../store/invitations.js";
import { assertMfaNotLocked, getMfa, recordMfaFailure, resetMfaFailures, useBackupCode } from "../store/mfa-store.js";
import { sendLink } from "../store/outbox.js";
import { checkPasswordCounted, createPerson, getPerson, getPersonByEmail, type Person } from "../store/people.js";
import type { LoginMethod } from "../store/login-methods.js";
import { hashPassword, isEmail, randomToken, verifyPassword } from "../tokens/secrets.js";
import { finishMfaStep, pendingMfaStep, pendingMfaUser, startMfaStep, startSession } from "../store/sessions.js";
import { checkTotp } from "../tokens/totp.js";
import { ok } from "../http/reply.js";
import { passwordProblem, usernameProblem, nameProblem } from "./validation.js";

const invalidEmail = { code: "invalid_email", message: "Please enter a valid email address" };
/**
 * A wrong password and an unknown e-mail answer alike, as the provider's client reads invalid credentials
 * (`user_not_found`): the answer does not tell which addresses have accounts.
 */
const invalidCredentials = () => new ProviderError(404, "user_not_found", "Invalid email or password");
let decoyHash: Promise<string> | undefined;
/** Runs the password check for an unknown e-mail too, so neither the answer nor its timing tells. */
async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomToken());
  await verifyPassword(password, await decoyHash);
}
const mfaTimedOut = () =>
  new ProviderError(401, "invalid_mfa_cookie", "Your login session timed out. Please log in again.");

/** After the first factor (`method`): the MFA step when MFA is on, else a session (ending the browser's previous one). */
export async function afterPassword(
  ctx: EmulatorContext,
  request: Request,
  person: Person,
  method: LoginMethod,
): Promise<{ state: string; cookie: string }> {
  if (person.mfaEnabled) return { state: "TwoFactorRequired", cookie: await startMfaStep(ctx, person.id, method) };
  return { state: await loginStateOf(ctx, person), cookie: await startSession(ctx, request, person.id, method) };
}

/** Sends the e-mail confirmation link (valid a day). */
export async function sendConfirmation(ctx: EmulatorContext, person: Person): Promise<void> {
  await sendLink(ctx, {
    to: person.email,
    kind: "confirm_email",
    subject: "Confirm your email address",
    identifier: `confirm:${person.id}`,
    seconds: 86_400,
  });
}

/** POST login, signup, verify and verify_backup. */
export function loginRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/api/fe/v3/login", async (request) => {
    const body = bodyOf(request);
    const email = requiredText(body, "email");
    const password = optionalText(body, "password") ?? "";
    if (!isEmail(email)) throw invalidFields({ email: invalidEmail });
    const settings = await ctx.settings();
    if (!settings.passwordLogin) throw disabled("Logging in with a password is not enabled");
    const person = await getPersonByEmail(ctx, email);
    if (!person) {
      await spendPasswordCheck(password);
      throw invalidCredentials();
    }
    if (!person.enabled) throw accountDisabled();
    if (person.locked) throw accountLocked();
    if (!(await checkPasswordCounted(ctx, person, password, settings.lockAfterFailedLogins)))
      throw invalidCredentials();
    const next = await afterPassword(ctx, request, person, { login_method: "password" });
    return ok({ login_state: next.state }, [next.cookie]);
  });

  router.add("POST", "/api/fe/v3/signup", async (request) => {
    const body = bodyOf(request);
    const settings = await ctx.settings();
    if (!settings.signup) throw disabled("Signups are currently disabled");
    const email = optionalText(body, "email") ?? "";
    const password = optionalText(body, "password") ?? "";
    const username = optionalText(body, "username");
    const inviteToken = optionalText(body, "invite_token");
    const invitation = inviteToken ? await findInvitation(ctx, inviteToken) : null;
    const taken = isEmail(email) && (await getPersonByEmail(ctx, email)) !== null;
    assertFields({
      email: !isEmail(email)
        ? invalidEmail
        : taken
          ? { code: "already_taken", message: "An account with this email already exists" }
          : undefined,
      password: passwordProblem(password),
      username: await usernameProblem(ctx, username, null),
      first_name: nameProblem(optionalText(body, "first_name")),
      last_name: nameProblem(optionalText(body, "last_name")),
      invite_token:
        inviteToken && (!invitation || invitation.email.toLowerCase() !== email.toLowerCase())
          ? { code: "invalid_value", message: "This invitation is not valid for this email address" }
          : undefined,
    });
    const person = await createPerson(ctx, {
      email,
      passwordHash: await hashPassword(password),
      username: username ?? null,
      firstName: optionalText(body, "first_name") ?? null,
      lastName: optionalText(body, "last_name") ?? null,
      properties: optionalObject(body, "properties") ?? {},
      emailConfirmed: !settings.requireEmailConfirmation || invitation !== null,
    });
    if (invitation) await acceptInvitation(ctx, invitation, person);
    if (!person.emailConfirmed) await sendConfirmation(ctx, person);
    const cookie = await startSession(ctx, request, person.id, { login_method: "password" });
    return ok({ login_state: await loginStateOf(ctx, person), user_id: person.id }, [cookie]);
  });

  router.add("POST", "/api/fe/v3/verify", async (request) => {
    const userId = await pendingMfaUser(ctx, request);
    const person = userId ? await getPerson(ctx, userId) : null;
    if (!person) throw mfaTimedOut();
    if (!person.enabled) throw accountDisabled();
    const mfa = await getMfa(ctx, person.id);
    assertMfaNotLocked(ctx, mfa);
    const code = requiredText(bodyOf(request), "code").replace(/\s/g, "");
    if (!mfa.secret || !checkTotp(mfa.secret, code)) {
      await recordMfaFailure(ctx, person.id);
      throw invalidFields({ code: { code: "incorrect_code", message: "Invalid code. Please try again." } });
    }
    return finishMfa(ctx, request, person);
  });

  router.add("POST", "/api/fe/v3/verify_backup", async (request) => {
    const userId = await pendingMfaUser(ctx, request);
    const person = userId ? await getPerson(ctx, userId) : null;
    if (!person) throw mfaTimedOut();
    if (!person.enabled) throw accountDisabled();
    assertMfaNotLocked(ctx, await getMfa(ctx, person.id));
    const code = optionalText(bodyOf(request), "code") ?? "";
    if (!(await useBackupCode(ctx, person.id, code))) {
      await recordMfaFailure(ctx, person.id);
      throw new ProviderError(400, "incorrect_mfa_code", "That backup code is not valid");
    }
    return finishMfa(ctx, request, person);
  });
}

/** After a right code: the MFA step is used up and a session starts. */
async function finishMfa(ctx: EmulatorContext, request: Request, person: Person) {
  const step = await pendingMfaStep(ctx, request);
  await resetMfaFailures(ctx, person.id);
  await finishMfaStep(ctx, request);
  const cookie = await startSession(ctx, request, person.id, step?.method ?? { login_method: "password" });
  return ok({ login_state: await loginStateOf(ctx, person) }, [cookie]);
}
