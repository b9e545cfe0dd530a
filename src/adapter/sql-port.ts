/**
 * The one storage port the adapter speaks: a PGlite instance, a `pg` Pool or a `pg` Client satisfies it as it is.
 * Every statement the adapter sends is a single statement with `$n` parameters (PGlite's `query` takes one).
 */

/** One row as a driver returns it: column name → parsed value. */
export type SqlRow = Record<string, unknown>;

/** What a query resolves to: the rows, plus the count the driver reports (`rowCount` in pg, `affectedRows` in PGlite). */
export interface SqlResult<Row = SqlRow> {
  rows: Row[];
  rowCount?: number | null;
  affectedRows?: number;
}

/** The minimal query interface: one SQL statement with positional parameters. */
export interface SqlPort {
  query<Row = SqlRow>(sql: string, params?: unknown[]): Promise<SqlResult<Row>>;
}

/** A port that owns its connection(s) and can be shut down. */
export interface ClosableSqlPort extends SqlPort {
  /** Closes the database or the pool; calling it again does nothing. */
  close(): Promise<void>;
}

/** A `pg` Pool (or alike): hands out one dedicated connection at a time. */
interface PoolLike extends SqlPort {
  connect(): Promise<SqlPort & { release(error?: Error | boolean): void }>;
  totalCount: number;
}

/** A PGlite instance (or alike): runs a callback inside one exclusive transaction. */
interface TransactionRunner extends SqlPort {
  transaction<T>(callback: (tx: SqlPort) => Promise<T>): Promise<T>;
}

function isPool(db: SqlPort): db is PoolLike {
  const candidate = db as Partial<PoolLike>;
  return typeof candidate.connect === "function" && typeof candidate.totalCount === "number";
}

function isTransactionRunner(db: SqlPort): db is TransactionRunner {
  return typeof (db as Partial<TransactionRunner>).transaction === "function";
}

/**
 * Runs `work` inside one transaction on one connection: PGlite's own `transaction`, a client checked out of a
 * pg Pool, or BEGIN/COMMIT on a single-connection port (a pg Client). Rolls back when `work` throws.
 */
export async function inTransaction<T>(db: SqlPort, work: (tx: SqlPort) => Promise<T>): Promise<T> {
  if (isTransactionRunner(db)) return db.transaction(work);
  if (isPool(db)) {
    const client = await db.connect();
    let broken: Error | undefined;
    try {
      return await beginCommit(client, work);
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  }
  return beginCommit(db, work);
}

async function beginCommit<T>(connection: SqlPort, work: (tx: SqlPort) => Promise<T>): Promise<T> {
  await connection.query("BEGIN");
  try {
    const result = await work(connection);
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
