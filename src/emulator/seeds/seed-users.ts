/**
 * A seed's users as rows, inserted in batches (db/bulk-insert.ts): the identity store's `users` rows (what the
 * adapter's createUser writes), the emulator's profiles, MFA records and backup codes. A few statements per thousand
 * users instead of five per user, so a seed of 100,000 users with password hashes loads in seconds.
 */
import { insertRows } from "../db/bulk-insert.js";
import type { SqlPort } from "../db/sql.js";
import { newId } from "../tokens/secrets.js";
import { NEW_PROFILE_COLUMNS, newProfileValues } from "../store/profile-columns.js";
import { newBackupCodes } from "../tokens/totp.js";
import type { SeedUser } from "./seed-schema.js";

const USER_COLUMNS = ["id", "name", "email", "email_verified", "image"];

/**
 * Creation times for `count` rows inserted at once: one millisecond apart, the last at `now`, so lists ordered by
 * creation keep the seed's order (as when each row was created on its own).
 */
export function creationTimes(now: Date, count: number): (index: number) => Date {
  return (index) => new Date(now.getTime() - (count - 1 - index));
}

/**
 * Inserts `users` (their password hashes from `passwordHashOf`) on `tx`, a transaction; returns each new user's id
 * by lower-cased e-mail. A seed user's e-mail counts as confirmed unless it says otherwise.
 */
export async function insertSeedUsers(
  tx: SqlPort,
  users: readonly SeedUser[],
  passwordHashOf: (user: SeedUser) => string | null,
  now: Date,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const identities: unknown[][] = [];
  const profiles: unknown[][] = [];
  const mfa: unknown[][] = [];
  const backupCodes: unknown[][] = [];
  const createdAt = creationTimes(now, users.length);
  for (const [index, user] of users.entries()) {
    const id = user.id ?? newId();
    ids.set(user.email.toLowerCase(), id);
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
    identities.push([id, name, user.email, (user.emailConfirmed ?? true) ? now : null, user.pictureUrl ?? null]);
    const created = user.createdAt ? new Date(user.createdAt) : createdAt(index);
    profiles.push(newProfileValues(id, passwordHashOf(user), user, created));
    if (user.mfaSecret) {
      mfa.push([id, user.mfaSecret, true, 0]);
      for (const [position, code] of (user.backupCodes ?? newBackupCodes()).entries())
        backupCodes.push([id, code, position]);
    }
  }
  await insertRows(tx, "users", USER_COLUMNS, identities);
  await insertRows(tx, "emu_profiles", NEW_PROFILE_COLUMNS, profiles);
  await insertRows(tx, "emu_mfa", ["user_id", "secret", "enabled", "failures"], mfa);
  await insertRows(tx, "emu_backup_codes", ["user_id", "code", "position"], backupCodes);
  return ids;
}

/** The ids of users already stored, by lower-cased e-mail, among `emails` (for a seed added to a running emulator). */
export async function storedUserIds(db: SqlPort, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; email: string }>(
    "select id, lower(email) as email from users where lower(email) = any($1::text[])",
    [[...new Set(emails.map((email) => email.toLowerCase()))]],
  );
  return new Map(rows.map((row) => [row.email, row.id]));
}
