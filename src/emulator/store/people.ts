import { AdapterError } from "../../adapter/index.js";
import type { EmulatorContext } from "./context.js";
import { accountLocked, invalidFields } from "../http/errors.js";
import { newId, verifyPassword } from "../tokens/secrets.js";

/** A user as the provider sees them: the identity-store user plus the provider's profile fields. */
export interface Person {
  id: string;
  email: string;
  emailConfirmed: boolean;
  passwordHash: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
  properties: Record<string, unknown>;
  /** Set through the backend API only; never in tokens. */
  metadata: Record<string, unknown>;
  locked: boolean;
  enabled: boolean;
  canCreateOrgs: boolean;
  failedLogins: number;
  /** The user must set a new password before the login finishes (UpdatePasswordRequired). */
  mustChangePassword: boolean;
  legacyUserId: string | null;
  mfaEnabled: boolean;
  createdAt: Date;
  lastActiveAt: Date;
}

/** A profile row; every field is null when the person has no profile (a left join found none). */
type ProfileRow = {
  password_hash: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  picture_url: string | null;
  properties: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  locked: boolean | null;
  enabled: boolean | null;
  can_create_orgs: boolean | null;
  failed_logins: number | null;
  must_change_password: boolean | null;
  legacy_user_id: string | null;
  created_at: Date | null;
  last_active_at: Date | null;
  mfa_enabled: boolean | null;
};

/** The identity-store fields a person is made of. */
type UserFields = { id: string; email: string; emailVerified: Date | null; image?: string | null };

/** A person from their identity-store user and profile row (defaults where the profile is missing). */
function toPerson(ctx: EmulatorContext, user: UserFields, p: Partial<ProfileRow> | undefined): Person {
  const created = p?.created_at ?? ctx.now();
  return {
    id: user.id,
    email: user.email,
    emailConfirmed: user.emailVerified !== null,
    passwordHash: p?.password_hash ?? null,
    username: p?.username ?? null,
    firstName: p?.first_name ?? null,
    lastName: p?.last_name ?? null,
    pictureUrl: p?.picture_url ?? user.image ?? null,
    properties: p?.properties ?? {},
    metadata: p?.metadata ?? {},
    locked: p?.locked ?? false,
    enabled: p?.enabled ?? true,
    canCreateOrgs: p?.can_create_orgs ?? true,
    failedLogins: p?.failed_logins ?? 0,
    mustChangePassword: p?.must_change_password ?? false,
    legacyUserId: p?.legacy_user_id ?? null,
    mfaEnabled: p?.mfa_enabled ?? false,
    createdAt: created,
    lastActiveAt: p?.last_active_at ?? created,
  };
}

/** Loads a person by user id, or null. */
export async function getPerson(ctx: EmulatorContext, id: string): Promise<Person | null> {
  const user = await ctx.identity.getUser(id);
  if (!user) return null;
  const { rows } = await ctx.db.query<ProfileRow>(
    "select p.*, m.enabled as mfa_enabled from emu_profiles p left join emu_mfa m on m.user_id = p.user_id where p.user_id = $1",
    [id],
  );
  return toPerson(ctx, user, rows[0]);
}

/** The profile columns getPeople reads beside the user's, by the names ProfileRow gives them. */
const PROFILE_COLUMNS = [
  "password_hash",
  "username",
  "first_name",
  "last_name",
  "picture_url",
  "properties",
  "metadata",
  "locked",
  "enabled",
  "can_create_orgs",
  "failed_logins",
  "must_change_password",
  "legacy_user_id",
  "created_at",
  "last_active_at",
]
  .map((column) => `p.${column}`)
  .join(", ");

/** Loads the people of some user ids in one query, by id (ids of nobody are not in the map). */
export async function getPeople(ctx: EmulatorContext, ids: readonly string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const { rows } = await ctx.db.query<
    ProfileRow & { user_id: string; user_email: string; user_email_verified: Date | null; user_image: string | null }
  >(
    `select u.id as user_id, u.email as user_email, u.email_verified as user_email_verified, u.image as user_image,
       ${PROFILE_COLUMNS}, m.enabled as mfa_enabled
     from users u left join emu_profiles p on p.user_id = u.id left join emu_mfa m on m.user_id = p.user_id
     where u.id = any($1::text[])`,
    [[...new Set(ids.filter((id) => id.length > 0 && !id.includes("\0")))]],
  );
  const user = (r: (typeof rows)[number]): UserFields => ({
    id: r.user_id,
    email: r.user_email,
    emailVerified: r.user_email_verified ?? null,
    image: r.user_image,
  });
  return new Map(rows.map((r) => [r.user_id, toPerson(ctx, user(r), r)]));
}

/** Loads a person by e-mail (case-insensitive), or null. */
export async function getPersonByEmail(ctx: EmulatorContext, email: string): Promise<Person | null> {
  const user = await ctx.identity.getUserByEmail(email);
  return user ? getPerson(ctx, user.id) : null;
}

/** The fields a new person may be created with. */
export interface NewPerson {
  id?: string;
  email: string;
  emailConfirmed?: boolean;
  passwordHash?: string | null;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  pictureUrl?: string | null;
  properties?: Record<string, unknown>;
  locked?: boolean;
  enabled?: boolean;
  canCreateOrgs?: boolean;
  mustChangePassword?: boolean;
  legacyUserId?: string | null;
}

const emailTaken = () =>
  invalidFields({ email: { code: "already_taken", message: "An account with this email already exists" } });
const usernameTaken = () =>
  invalidFields({ username: { code: "already_taken", message: "This username is already taken" } });
const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown })?.code === "23505";

/**
 * Creates a user in the identity store and their profile beside it. When another request took the e-mail or the
 * username first (two signups at once), it is the 400 `already_taken` a sequential signup gets, and nothing is left.
 */
export async function createPerson(ctx: EmulatorContext, fields: NewPerson): Promise<Person> {
  const id = fields.id ?? newId();
  const name = [fields.firstName, fields.lastName].filter(Boolean).join(" ") || null;
  try {
    await ctx.identity.createUser({
      id,
      email: fields.email,
      emailVerified: fields.emailConfirmed ? ctx.now() : null,
      name,
      image: fields.pictureUrl ?? null,
    });
  } catch (error) {
    if (error instanceof AdapterError && error.code === "conflict") throw emailTaken();
    throw error;
  }
  try {
    await insertProfile(ctx, id, fields);
  } catch (error) {
    await ctx.identity.deleteUser(id);
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  return (await getPerson(ctx, id))!;
}

async function insertProfile(ctx: EmulatorContext, id: string, fields: NewPerson): Promise<void> {
  await ctx.db.query(
    `insert into emu_profiles (user_id, password_hash, username, first_name, last_name, picture_url, properties, locked, enabled, can_create_orgs, legacy_user_id, created_at, last_active_at, must_change_password)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13)`,
    [
      id,
      fields.passwordHash ?? null,
      fields.username ?? null,
      fields.firstName ?? null,
      fields.lastName ?? null,
      fields.pictureUrl ?? null,
      JSON.stringify(fields.properties ?? {}),
      fields.locked ?? false,
      fields.enabled ?? true,
      fields.canCreateOrgs ?? true,
      fields.legacyUserId ?? null,
      ctx.now(),
      fields.mustChangePassword ?? false,
    ],
  );
}

/**
 * Takes one of an account's password checks, before the password is checked, in one statement: the check counts
 * as failed until the password proves right, and none is given past `limit` or while the account is locked. So a
 * burst of guesses (even across two emulators on one database) checks at most `limit` passwords and the rest none.
 * Returns the check's number (1 … limit), or null when none is left.
 */
async function takePasswordCheck(ctx: EmulatorContext, id: string, limit: number): Promise<number | null> {
  const { rows } = await ctx.db.query<{ failed_logins: number }>(
    `update emu_profiles set failed_logins = failed_logins + 1
     where user_id = $1 and not locked and failed_logins < $2 returning failed_logins`,
    [id, limit],
  );
  return rows[0]?.failed_logins ?? null;
}

/** Gives back a check whose password was right (it did not fail). */
async function releasePasswordCheck(ctx: EmulatorContext, id: string): Promise<void> {
  await ctx.db.query("update emu_profiles set failed_logins = greatest(failed_logins - 1, 0) where user_id = $1", [id]);
}

/** Settles a check whose password was wrong: it stays counted, and the check numbered `limit` locks the account. */
async function settleWrongPassword(ctx: EmulatorContext, id: string, check: number, limit: number): Promise<boolean> {
  if (check < limit) return false;
  await ctx.db.query("update emu_profiles set locked = true where user_id = $1", [id]);
  return true;
}

/**
 * Checks a person's password through one of the account's checks (takePasswordCheck): true when it is right;
 * false when wrong; `account_locked` when no check is left or this wrong one used the last.
 */
export async function checkPasswordCounted(
  ctx: EmulatorContext,
  person: Person,
  password: string,
  limit: number,
): Promise<boolean> {
  const check = await takePasswordCheck(ctx, person.id, limit);
  if (check === null) throw accountLocked();
  if (await verifyPassword(password, person.passwordHash)) {
    await releasePasswordCheck(ctx, person.id);
    return true;
  }
  if (await settleWrongPassword(ctx, person.id, check, limit)) throw accountLocked();
  return false;
}

const profileColumns = {
  passwordHash: "password_hash",
  username: "username",
  firstName: "first_name",
  lastName: "last_name",
  properties: "properties",
  metadata: "metadata",
  pictureUrl: "picture_url",
  legacyUserId: "legacy_user_id",
  locked: "locked",
  enabled: "enabled",
  canCreateOrgs: "can_create_orgs",
  failedLogins: "failed_logins",
  mustChangePassword: "must_change_password",
  lastActiveAt: "last_active_at",
} as const;
type ProfileKey = keyof typeof profileColumns;

/** Changes profile fields of a person. */
export async function updateProfile(
  ctx: EmulatorContext,
  id: string,
  changes: { [K in ProfileKey]?: Person[K] | undefined },
): Promise<void> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined) as [ProfileKey, unknown][];
  if (entries.length === 0) return;
  const sets = entries.map(([key], i) => `${profileColumns[key]} = $${i + 2}`).join(", ");
  const values = entries.map(([key, value]) =>
    key === "properties" || key === "metadata" ? JSON.stringify(value) : value,
  );
  await ctx.db.query(`update emu_profiles set ${sets} where user_id = $1`, [id, ...values]);
}

/** Deletes a person: the identity store removes their accounts and sessions; the emulator tables follow. */
export async function deletePerson(ctx: EmulatorContext, id: string): Promise<void> {
  await ctx.identity.deleteUser(id);
  for (const table of ["emu_profiles", "emu_memberships", "emu_mfa", "emu_backup_codes", "emu_api_keys"]) {
    await ctx.db.query(`delete from ${table} where user_id = $1`, [id]);
  }
}
