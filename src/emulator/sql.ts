import { PGlite } from "@electric-sql/pglite";

/** The query port the emulator stores through: a PGlite instance and a pg Pool both satisfy it as they are. */
export interface SqlPort {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** A database the emulator opened, with the way to close it. */
export interface OpenDatabase {
  db: SqlPort;
  close(): Promise<void>;
}

/** Opens PGlite in memory, or in `dataDir` so state survives restarts. */
export async function openEmulatorDatabase(options: { dataDir?: string } = {}): Promise<OpenDatabase> {
  const pglite = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await pglite.waitReady;
  return { db: pglite, close: () => pglite.close() };
}
