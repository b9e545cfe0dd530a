import type { SqlPort } from "./sql.js";

/** A `pg` Pool as far as the start lock needs it: one dedicated connection. */
interface ConnectingPool {
  connect(): Promise<SqlPort & { release(error?: Error | boolean): void }>;
}

const isConnectingPool = (db: unknown): db is ConnectingPool =>
  typeof (db as Partial<ConnectingPool> | null)?.connect === "function";

/**
 * Runs an emulator's start-up (migrations, the signing key, the first seed) while holding a PostgreSQL advisory lock
 * on a dedicated connection, so several processes starting at once on one database take turns: one creates the
 * tables, the key and the seed, the others find them. PGlite needs none (its data directory admits one process).
 */
export async function duringStartLock<T>(pool: unknown, work: () => Promise<T>): Promise<T> {
  if (!isConnectingPool(pool)) return work();
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('orgauth_emulator_start'))");
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('orgauth_emulator_start'))");
    }
  } finally {
    client.release();
  }
}
