import {
  inTransaction as adapterInTransaction,
  openEmbeddedDatabase,
  openPostgres,
  type SqlPort as AdapterSqlPort,
} from "../../adapter/index.js";

/**
 * The query port the emulator stores through — the identity store's port (a PGlite instance, a pg Pool) seen with
 * row types the caller names.
 */
export interface SqlPort {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** A database the emulator opened, with the way to close it. */
export interface OpenDatabase {
  db: SqlPort;
  /** The `pg` Pool behind a PostgreSQL database (for the start lock); undefined for PGlite. */
  pool(): Promise<unknown>;
  close(): Promise<void>;
}

/** An adapter port that runs a callback in one transaction (PGlite, the adapter's PostgreSQL pool). */
type TransactionalPort = AdapterSqlPort & {
  transaction<T>(work: (tx: AdapterSqlPort) => Promise<T>): Promise<T>;
};

/**
 * The emulator's typed view of an adapter port: the same queries, the rows typed by the caller; the port's own
 * transactions kept (inTransaction uses them).
 */
function typedPort(port: AdapterSqlPort | TransactionalPort): SqlPort {
  const query = <Row>(sql: string, params?: unknown[]) =>
    port.query(sql, params) as unknown as Promise<{ rows: Row[] }>;
  if (!("transaction" in port)) return { query };
  return { query, transaction: (work: (tx: AdapterSqlPort) => Promise<unknown>) => port.transaction(work) } as SqlPort;
}

/**
 * Runs `work` in one transaction on one connection (PGlite's own, a pooled PostgreSQL connection, or BEGIN/COMMIT);
 * rolls back when it throws. On PGlite every other query waits until it ends, so `work` uses only the port it is given.
 */
export function inTransaction<T>(db: SqlPort, work: (tx: SqlPort) => Promise<T>): Promise<T> {
  return adapterInTransaction(db as unknown as AdapterSqlPort, (tx) => work(typedPort(tx)));
}

/** The adapter's view of the emulator's port. */
export function adapterPort(db: SqlPort): AdapterSqlPort {
  return { query: (sql, params) => db.query(sql, params) };
}

/**
 * Opens the emulator's database: a PostgreSQL connection string (`postgres://…`, shared by a team), PGlite in a
 * data directory (kept between runs, locked against a second process), or PGlite in memory.
 */
export async function openEmulatorDatabase(
  options: { dataDir?: string; connectionString?: string } = {},
): Promise<OpenDatabase> {
  if (options.connectionString) {
    const postgres = openPostgres(options.connectionString);
    return { db: typedPort(postgres), pool: () => postgres.pool(), close: () => postgres.close() };
  }
  const embedded = await openEmbeddedDatabase({ dataDir: options.dataDir });
  return { db: typedPort(embedded), pool: async () => undefined, close: () => embedded.close() };
}
