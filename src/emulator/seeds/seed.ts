import { inTransaction, type SqlPort } from "../db/sql.js";
import { writeSettings, type EmulatorContext } from "../store/context.js";
import type { SeedProgress } from "./seed-passwords.js";
import { hashSeedPasswords } from "./seed-passwords.js";
import { insertSeedApiKeys, insertSeedOrgs } from "./seed-orgs.js";
import { insertSeedUsers, storedUserIds } from "./seed-users.js";
import type { EmulatorSeed, SeedApiKey, SeedOrg, SeedUser } from "./seed-schema.js";

export type { EmulatorSeed, SeedApiKey, SeedOrg, SeedUser };

/** Each seed user's password hash, made once per process (its own salt), so resets do not re-run scrypt. */
const seedHashes = new WeakMap<SeedUser, string>();

function seedPasswordHash(user: SeedUser): string | null {
  return user.passwordHash ?? seedHashes.get(user) ?? null;
}

/** Hashes the plain passwords of `users` not hashed in this process yet (on every core for a big seed). */
async function hashNewPasswords(users: readonly SeedUser[], progress?: SeedProgress): Promise<void> {
  const plain = users.filter((u) => u.passwordHash === undefined && u.password !== undefined && !seedHashes.has(u));
  const hashes = await hashSeedPasswords(
    plain.map((u) => u.password!),
    progress,
  );
  plain.forEach((user, i) => seedHashes.set(user, hashes[i]!));
}

/** A unique-key clash with what the emulator already holds, said as the database says it ("Key (…)=(…) exists"). */
function describeClash(error: unknown): unknown {
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  if (code !== "23505") return error;
  return new Error(
    `the emulator already has one of the seed's entries (${typeof detail === "string" ? detail : String(error)})`,
  );
}

/** How a seed is applied: where the progress of hashing a big seed's plain passwords goes. */
export interface ApplySeedOptions {
  progress?: SeedProgress;
  /**
   * Runs first, in the seed's own transaction: a reset empties the state there, so two resets at once (two
   * requests, or two processes on one PostgreSQL) run one after the other instead of seeding into each other.
   */
  clearFirst?: (tx: SqlPort) => Promise<void>;
}

/**
 * Adds a seed's settings, users, orgs and API keys to the emulator's state, in one transaction (all of it or
 * nothing) with batched inserts. Plain passwords are hashed first, outside the transaction.
 */
export async function applySeed(
  ctx: EmulatorContext,
  seed: EmulatorSeed,
  options: ApplySeedOptions = {},
): Promise<void> {
  const users = seed.users ?? [];
  await hashNewPasswords(users, options.progress);
  const now = ctx.now();
  try {
    await inTransaction(ctx.db, async (tx) => {
      await options.clearFirst?.(tx);
      if (seed.settings) await writeSettings(tx, seed.settings);
      const seeded = await insertSeedUsers(tx, users, seedPasswordHash, now);
      const named = (seed.orgs ?? []).flatMap((org) => (org.members ?? []).map((m) => m.email.toLowerCase()));
      const stored = await storedUserIds(
        tx,
        named.filter((email) => !seeded.has(email)),
      );
      const userIdOf = (email: string) => seeded.get(email.toLowerCase()) ?? stored.get(email.toLowerCase());
      await insertSeedOrgs(tx, seed.orgs ?? [], userIdOf, now);
      await insertSeedApiKeys(tx, seed.apiKeys ?? [], now);
    });
  } catch (error) {
    throw describeClash(error);
  }
}
