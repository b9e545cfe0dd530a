/** `openEmbeddedDatabase`: PGlite (PostgreSQL compiled to WebAssembly) in memory or in a locked data directory. */
import { readFile } from "node:fs/promises";
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

/** In-memory databases opened so far in this process, and a fresh one's files once a second was opened. */
let inMemoryOpens = 0;
let freshFiles: Promise<Blob | undefined> | undefined;

/**
 * A fresh database's files (as `dumpDataDir` writes them) from the file `ORGAUTH_PGLITE_TEMPLATE` names, which a test
 * run writes once so that the processes it starts load them instead of each running initdb; none when it is unset or
 * cannot be read.
 */
function templateFiles(): Promise<Blob | undefined> | undefined {
  const path = process.env.ORGAUTH_PGLITE_TEMPLATE;
  return path
    ? readFile(path).then(
        (bytes) => new Blob([bytes]),
        () => undefined,
      )
    : undefined;
}

/**
 * A new in-memory PGlite. Creating one runs initdb (about 2.5 s of CPU); a process that opens several (tests, a
 * server that starts many) keeps the second one's files, dumped before anything is written, and loads the next
 * ones from them (about 0.7 s). A process that opens one keeps nothing.
 */
async function createInMemory(PGliteClass: typeof PGlite): Promise<PGlite> {
  freshFiles ??= templateFiles();
  const files = await freshFiles;
  if (files) return PGliteClass.create({ loadDataDir: files });
  const pglite = await PGliteClass.create();
  inMemoryOpens += 1;
  if (inMemoryOpens === 2) {
    freshFiles = pglite.dumpDataDir("none").catch(() => undefined);
    await freshFiles;
  }
  return pglite;
}

/** Opens PGlite; with `dataDir`, fails fast with `directory_locked` when another process has that directory open. */
export async function openEmbeddedDatabase(options: EmbeddedDatabaseOptions = {}): Promise<EmbeddedDatabase> {
  const PGliteClass = await loadPGlite();
  const lock: DirectoryLock | undefined =
    options.dataDir === undefined ? undefined : await lockDirectory(options.dataDir);
  let pglite: PGlite;
  try {
    pglite =
      options.dataDir === undefined
        ? await createInMemory(PGliteClass)
        : await PGliteClass.create({ dataDir: options.dataDir });
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
