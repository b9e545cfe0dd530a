/** `openPostgres`: a `pg` Pool behind the query port, for PostgreSQL and the engines that speak its protocol. */
import type { Pool, PoolConfig } from "pg";
import { AdapterError } from "./errors.js";
import { inTransaction, type ClosableSqlPort, type SqlPort, type SqlResult } from "./sql-port.js";

/** An open connection pool: the query port, transactions on one pooled connection, and `close`. */
export interface PostgresDatabase extends ClosableSqlPort {
  /** Runs `work` in one transaction on one connection checked out of the pool. */
  transaction<T>(work: (tx: SqlPort) => Promise<T>): Promise<T>;
  /** The `pg` Pool, once loaded, for what the port does not cover. */
  pool(): Promise<Pool>;
}

async function createPool(config: string | PoolConfig): Promise<Pool> {
  let pg: typeof import("pg");
  try {
    pg = await import("pg");
  } catch (error) {
    throw new AdapterError("database_error", "openPostgres needs the optional peer dependency pg: npm install pg", {
      cause: error,
    });
  }
  const PoolClass = pg.Pool ?? (pg as unknown as { default: typeof import("pg") }).default.Pool;
  const pool = new PoolClass(typeof config === "string" ? { connectionString: config } : config);
  // An idle connection the server drops is discarded by the pool; without a listener the error would crash the process.
  pool.on("error", () => undefined);
  return pool;
}

/** Opens a `pg` Pool from a connection string or a PoolConfig; connections are made on first use. */
export function openPostgres(config: string | PoolConfig): PostgresDatabase {
  const loading = createPool(config);
  loading.catch(() => undefined);
  let closing: Promise<void> | undefined;
  return {
    pool: () => loading,
    async query<Row>(sql: string, params?: unknown[]) {
      if (closing !== undefined) throw new AdapterError("connection_lost", "openPostgres: the pool is closed");
      return (await (await loading).query(sql, params)) as unknown as SqlResult<Row>;
    },
    async transaction(work) {
      return inTransaction(await loading, work);
    },
    close() {
      closing ??= loading.then(
        (pool) => pool.end(),
        () => undefined,
      );
      return closing;
    },
  };
}
