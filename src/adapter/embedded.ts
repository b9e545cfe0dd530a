/** `openEmbeddedDatabase`: PGlite (PostgreSQL compiled to WebAssembly) in memory or in a locked data directory. */
import type { PGlite } from "@electric-sql/pglite";
import { lockDirectory, type DirectoryLock } from "./directory-lock.js";
import { AdapterError } from "./errors.js";
import type { ClosableSqlPort, SqlPort, SqlResult } from "./sql-port.js";

/** An open embedded database: the query port, PGlite's own transactions, and `close`. */
export interface EmbeddedDatabase extends ClosableSqlPort {
  /** Runs `work` in one transaction (PGlite holds every other query of this instance until it ends). */
  transaction<T>(work: (tx: SqlPort) => Promise<T>): Promise<T>;
  /** The PGlite instance, for what the port does not cover. */
  readonly pglite: PGlite;
}

/** Where the embedded database lives. */
export interface EmbeddedDatabaseOptions {
  /** A directory to persist into (created if missing, locked against other processes); in memory when left out. */
  dataDir?: string | undefined;
}

async function loadPGlite(): Promise<typeof PGlite> {
  try {
    return (await import("@electric-sql/pglite")).PGlite;
  } catch (error) {
    throw new AdapterError(
      "database_error",
      "openEmbeddedDatabase needs the optional peer dependency @electric-sql/pglite: npm install @electric-sql/pglite",
      { cause: error },
    );
  }
}

/** Opens PGlite; with `dataDir`, fails fast with `directory_locked` when another process has that directory open. */
export async function openEmbeddedDatabase(options: EmbeddedDatabaseOptions = {}): Promise<EmbeddedDatabase> {
  const PGliteClass = await loadPGlite();
  const lock: DirectoryLock | undefined =
    options.dataDir === undefined ? undefined : await lockDirectory(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGliteClass.create(options.dataDir === undefined ? {} : { dataDir: options.dataDir });
  } catch (error) {
    lock?.release();
    throw new AdapterError(
      "database_error",
      `openEmbeddedDatabase: PGlite failed to open (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  let closing: Promise<void> | undefined;
  return {
    pglite,
    query: <Row>(sql: string, params?: unknown[]) => pglite.query<Row>(sql, params) as Promise<SqlResult<Row>>,
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: <Row>(sql: string, params?: unknown[]) => tx.query<Row>(sql, params) as Promise<SqlResult<Row>>,
        }),
      ),
    close() {
      closing ??= (pglite.closed ? Promise.resolve() : pglite.close()).finally(() => lock?.release());
      return closing;
    },
  };
}
