import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound, fieldError } from "../http/backend-errors.js";
import { assertFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalObject, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { disableMfa } from "../store/mfa-store.js";
import { sendLink } from "../store/outbox.js";
import {
  createPerson,
  deletePerson,
  getPerson,
  getPersonByEmail,
  type Person,
  updateProfile,
} from "../store/people.js";
import { endSessionsOf } from "../store/user-sessions.js";
import { hashPassword, isEmail } from "../tokens/secrets.js";
import { backendRegistrar } from "./backend-edge.js";
import { sendConfirmation } from "./login.js";
import { nameProblem, passwordProblem, usernameProblem } from "./validation.js";

/** What a boolean backend call answers on success (the vendor's library reads no body). */
const done = () => ok({});

/** A new e-mail address's problem: valid, and no other user's. */
async function emailProblem(ctx: EmulatorContext, email: string) {
  if (!isEmail(email)) return { code: "invalid_email", message: "Please enter a valid email address" };
  return (await getPersonByEmail(ctx, email))
    ? { code: "already_taken", message: "An account with this email already exists" }
    : undefined;
}

/** The backend's user writes: create, update, password, delete, enable and disable, MFA, sessions. */
export function backendUserWriteRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  /** Registers `POST|PUT /user/{userId}/<path>`: the user must exist (404 otherwise). */
  const onUser = (
    method: string,
    path: string,
    act: (person: Person, body: Record<string, unknown>) => Promise<void>,
  ) =>
    add(method, `/api/backend/v1/user/:userId${path}`, async (request) => {
      const person = await getPerson(ctx, request.params.userId!);
      if (!person) throw backendUserNotFound();
      await act(person, bodyOf(request));
      return done();
    });

  const createUser = async (request: Request) => {
    const body = bodyOf(request);
    const email = requiredText(body, "email").trim();
    const password = optionalText(body, "password");
    const username = optionalText(body, "username");
    const firstName = optionalText(body, "first_name");
    const lastName = optionalText(body, "last_name");
    assertFields({
      email: await emailProblem(ctx, email),
      password: password === undefined ? undefined : passwordProblem(password),
      username: await usernameProblem(ctx, username, null),
      first_name: nameProblem(firstName),
      last_name: nameProblem(lastName),
    });
    const confirmed = optionalFlag(body, "email_confirmed") ?? false;
    const person = await createPerson(ctx, {
      email,
      emailConfirmed: confirmed,
      passwordHash: password === undefined ? null : await hashPassword(password),
      username: username ?? null,
      firstName: firstName ?? null,
      lastName: lastName ?? null,
      properties: optionalObject(body, "properties") ?? {},
      mustChangePassword: optionalFlag(body, "ask_user_to_update_password_on_login") ?? false,
    });
    if (!confirmed && optionalFlag(body, "send_email_to_confirm_email_address")) await sendConfirmation(ctx, person);
    return ok({ user_id: person.id });
  };
  add("POST", "/api/backend/v1/user/", createUser);
  add("POST", "/api/backend/v1/user", createUser);

  onUser("PUT", "", async (person, body) => {
    const username = optionalText(body, "username");
    const firstName = optionalText(body, "first_name");
    const lastName = optionalText(body, "last_name");
    assertFields({
      username: await usernameProblem(ctx, username, person.id),
      first_name: nameProblem(firstName),
      last_name: nameProblem(lastName),
    });
    await updateProfile(ctx, person.id, {
      username,
      firstName,
      lastName,
      pictureUrl: optionalText(body, "picture_url"),
      metadata: optionalObject(body, "metadata"),
      properties: optionalObject(body, "properties"),
      mustChangePassword: optionalFlag(body, "update_password_required"),
      legacyUserId: optionalText(body, "legacy_user_id"),
    });
    if (firstName !== undefined || lastName !== undefined) {
      const name = [firstName ?? person.firstName, lastName ?? person.lastName].filter(Boolean).join(" ") || null;
      await ctx.identity.updateUser({ id: person.id, name });
    }
  });

  onUser("PUT", "/email", async (person, body) => {
    const email = requiredText(body, "new_email").trim();
    assertFields({ new_email: await emailProblem(ctx, email) });
    if (optionalFlag(body, "require_email_confirmation") ?? false) {
      const identifier = `email:${person.id}:${email}`;
      const subject = "Confirm your new email address";
      if (!(await sendLink(ctx, { to: email, kind: "change_email", subject, identifier, seconds: 86_400 })))
        throw fieldError("new_email", "The confirmation e-mail could not be sent to this address");
      return;
    }
    await ctx.identity.updateUser({ id: person.id, email, emailVerified: ctx.now() });
  });

  onUser("PUT", "/password", async (person, body) => {
    const password = requiredText(body, "password");
    assertFields({ password: passwordProblem(password) });
    await updateProfile(ctx, person.id, {
      passwordHash: await hashPassword(password),
      mustChangePassword: optionalFlag(body, "ask_user_to_update_password_on_login") ?? false,
      locked: false,
      failedLogins: 0,
    });
  });
  onUser("PUT", "/clear_password", (person) => updateProfile(ctx, person.id, { passwordHash: null }));

  add("DELETE", "/api/backend/v1/user/:userId", async (request) => {
    const person = await getPerson(ctx, request.params.userId!);
    if (!person) throw backendUserNotFound();
    await endSessionsOf(ctx, person.id);
    await deletePerson(ctx, person.id);
    return done();
  });
  onUser("POST", "/disable", async (person) => {
    await updateProfile(ctx, person.id, { enabled: false });
    await endSessionsOf(ctx, person.id);
  });
  onUser("POST", "/enable", (person) => updateProfile(ctx, person.id, { enabled: true }));
  onUser("POST", "/disable_2fa", (person) => disableMfa(ctx, person.id));
  onUser("PUT", "/can_create_orgs/enable", (person) => updateProfile(ctx, person.id, { canCreateOrgs: true }));
  onUser("PUT", "/can_create_orgs/disable", (person) => updateProfile(ctx, person.id, { canCreateOrgs: false }));
  onUser("POST", "/logout_all_sessions", async (person) => {
    await endSessionsOf(ctx, person.id);
  });

  add("POST", "/api/backend/v1/resend_email_confirmation", async (request) => {
    const person = await getPerson(ctx, requiredText(bodyOf(request), "user_id"));
    if (!person) throw backendUserNotFound();
    if (person.emailConfirmed)
      throw new ProviderError(400, "email_already_confirmed", "The user's email address is already confirmed");
    await sendConfirmation(ctx, person);
    return done();
  });
}
