/**
 * A person's profile row (`emu_profiles`, what the provider keeps beside the identity store's user) in one place:
 * the columns and values a new profile is written with (createPerson, a seed's bulk insert) and the columns a person
 * is read from.
 */

/** The fields a new profile is written from (a new person, a seed user); absent ones take the provider's defaults. */
export interface NewProfile {
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

/** The columns a new profile sets, in newProfileValues' order; the others (metadata, failed logins) start at their defaults. */
export const NEW_PROFILE_COLUMNS = [
  "user_id",
  "password_hash",
  "username",
  "first_name",
  "last_name",
  "picture_url",
  "properties",
  "locked",
  "enabled",
  "can_create_orgs",
  "legacy_user_id",
  "created_at",
  "last_active_at",
  "must_change_password",
] as const;

/** A new profile's values in NEW_PROFILE_COLUMNS' order, created (and last active) at `created`. */
export function newProfileValues(userId: string, passwordHash: string | null, p: NewProfile, created: Date): unknown[] {
  return [
    userId,
    passwordHash,
    p.username ?? null,
    p.firstName ?? null,
    p.lastName ?? null,
    p.pictureUrl ?? null,
    JSON.stringify(p.properties ?? {}),
    p.locked ?? false,
    p.enabled ?? true,
    p.canCreateOrgs ?? true,
    p.legacyUserId ?? null,
    created,
    created,
    p.mustChangePassword ?? false,
  ];
}

/** The profile columns a person is read from, as `p.column` for a select over `emu_profiles p`. */
export const PERSON_COLUMNS = [...NEW_PROFILE_COLUMNS.slice(1), "metadata", "failed_logins"]
  .map((column) => `p.${column}`)
  .join(", ");
