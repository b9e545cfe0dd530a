import { openEmbeddedDatabase, openPostgres, type SqlPort as AdapterSqlPort } from "../../adapter/index.js";

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

/** The emulator's typed view of an adapter port: the same queries, the rows typed by the caller. */
function typedPort(port: AdapterSqlPort): SqlPort {
  return {
    query: <Row>(sql: string, params?: unknown[]) => port.query(sql, params) as unknown as Promise<{ rows: Row[] }>,
  };
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
