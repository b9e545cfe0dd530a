/**
 * The admin API for the admin UI's Users tab: list and search, create (e-mail confirmed or not), delete, edit the
 * profile, confirm the e-mail, reset MFA, set a password. (Disabling and locking is `PATCH /__emulator/users/:userId`.)
 */
import type { EmulatorContext } from "../store/context.js";
import { invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalText, requiredText } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { disableMfa } from "../store/mfa-store.js";
import { membershipsOf } from "../store/orgs.js";
import {
  createPerson,
  deletePerson,
  getPerson,
  getPersonByEmail,
  type Person,
  updateProfile,
} from "../store/people.js";
import { ok } from "../http/reply.js";
import { hashPassword, isEmail } from "../tokens/secrets.js";
import { endSessionsOf } from "../store/user-sessions.js";
import { assertOwnsNoOrgAlone } from "./owners.js";

/** A user as the admin UI lists them. */
async function describeUser(ctx: EmulatorContext, person: Person) {
  const orgs = await membershipsOf(ctx, person.id);
  return {
    id: person.id,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    username: person.username,
    emailConfirmed: person.emailConfirmed,
    hasPassword: person.passwordHash !== null,
    mfaEnabled: person.mfaEnabled,
    enabled: person.enabled,
    locked: person.locked,
    canCreateOrgs: person.canCreateOrgs,
    orgs: orgs.map(({ org, membership }) => ({ id: org.id, name: org.name, role: membership.role })),
    createdAt: person.createdAt.toISOString(),
  };
}

/** The user a path names, or 404 user_not_found. */
export async function requireUser(ctx: EmulatorContext, userId: string): Promise<Person> {
  const person = await getPerson(ctx, userId);
  if (!person) throw new ProviderError(404, "user_not_found", "User not found");
  return person;
}

function checkPassword(password: string): void {
  if (password.length < 8) throw invalidFields({ password: { code: "too_short", message: "At least 8 characters" } });
}

/** Registers the user routes of the admin UI. */
export function adminUserRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/__emulator/users", async (request) => {
    const search = `%${(request.url.searchParams.get("q") ?? "").toLowerCase()}%`;
    const { rows } = await ctx.db.query<{ id: string }>(
      `select u.id from users u left join emu_profiles p on p.user_id = u.id
       where lower(u.email) like $1 or lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) like $1
         or lower(coalesce(p.username, '')) like $1 or u.id like $1
       order by lower(u.email) limit 200`,
      [search],
    );
    const users = [];
    for (const { id } of rows) {
      const person = await getPerson(ctx, id);
      if (person) users.push(await describeUser(ctx, person));
    }
    return ok({ users });
  });
  router.add("POST", "/__emulator/users", async (request) => {
    const body = bodyOf(request);
    const email = requiredText(body, "email").trim();
    if (!isEmail(email)) throw invalidFields({ email: { code: "invalid", message: "Not an e-mail address" } });
    if (await getPersonByEmail(ctx, email))
      throw invalidFields({ email: { code: "taken", message: "A user has this e-mail" } });
    const password = optionalText(body, "password");
    if (password) checkPassword(password);
    const person = await createPerson(ctx, {
      email,
      emailConfirmed: optionalFlag(body, "emailConfirmed") ?? true,
      firstName: optionalText(body, "firstName") || null,
      lastName: optionalText(body, "lastName") || null,
      passwordHash: password ? await hashPassword(password) : null,
    });
    return { status: 201, json: await describeUser(ctx, person) };
  });
  router.add("DELETE", "/__emulator/users/:userId", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    await assertOwnsNoOrgAlone(ctx, person.id, person.email);
    await endSessionsOf(ctx, person.id);
    await deletePerson(ctx, person.id);
    return ok({ deleted: true });
  });
  router.add("PATCH", "/__emulator/users/:userId/profile", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    const body = bodyOf(request);
    const text = (name: string) => {
      const value = optionalText(body, name);
      return value === undefined ? undefined : value.trim() || null;
    };
    const username = text("username");
    if (username) {
      const { rows } = await ctx.db.query(
        "select 1 from emu_profiles where lower(username) = lower($1) and user_id <> $2",
        [username, person.id],
      );
      if (rows.length > 0) throw invalidFields({ username: { code: "taken", message: "Another user has it" } });
    }
    await updateProfile(ctx, person.id, {
      ...(text("firstName") !== undefined && { firstName: text("firstName")! }),
      ...(text("lastName") !== undefined && { lastName: text("lastName")! }),
      ...(username !== undefined && { username: username! }),
    });
    return ok(await describeUser(ctx, await requireUser(ctx, person.id)));
  });
  router.add("POST", "/__emulator/users/:userId/confirm_email", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    await ctx.identity.updateUser({ id: person.id, emailVerified: ctx.now() });
    return ok(await describeUser(ctx, await requireUser(ctx, person.id)));
  });
  router.add("POST", "/__emulator/users/:userId/reset_mfa", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    await disableMfa(ctx, person.id);
    return ok(await describeUser(ctx, await requireUser(ctx, person.id)));
  });
  router.add("POST", "/__emulator/users/:userId/password", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    const password = requiredText(bodyOf(request), "password");
    checkPassword(password);
    await updateProfile(ctx, person.id, {
      passwordHash: await hashPassword(password),
      failedLogins: 0,
      locked: false,
      mustChangePassword: false,
    });
    return ok(await describeUser(ctx, await requireUser(ctx, person.id)));
  });
}
