/** Typed errors of the identity store: every failure the adapter reports is an `AdapterError` with a code. */

/** What went wrong, in terms a caller can act on. */
export type AdapterErrorCode =
  /** An argument is missing, of the wrong type, or not storable (e.g. a string with a NUL character). */
  | "invalid_input"
  /** A unique key is taken: the e-mail, the session token, the (provider, providerAccountId) pair, the credential id. */
  | "conflict"
  /** The row to update, or a row the new one refers to (its user), does not exist. */
  | "not_found"
  /** A provider user's unconfirmed e-mail belongs to another user here; they are not merged. */
  | "email_not_confirmed"
  /** The store's tables are missing: `migrate(db)` has not run on this database (or with this table prefix). */
  | "schema_missing"
  /** The connection dropped or the database is closed; the statement did not complete. */
  | "connection_lost"
  /** Tables of the store's names exist that its migrations did not create (e.g. @auth/pg-adapter's): see the message. */
  | "schema_conflict"
  /** Another process holds the embedded database's data directory. */
  | "directory_locked"
  /** Any other error the database reported (its SQLSTATE is kept in `sqlState`). */
  | "database_error";

/** The error every adapter function throws. `cause` keeps the driver's original error. */
export class AdapterError extends Error {
  override readonly name = "AdapterError";
  readonly code: AdapterErrorCode;
  readonly sqlState: string | undefined;

  constructor(code: AdapterErrorCode, message: string, options: { cause?: unknown; sqlState?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.sqlState = options.sqlState;
  }
}

/** SQLSTATE classes and driver messages that mean the connection is gone. */
const CONNECTION_STATES = new Set(["57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "08004"]);
const CONNECTION_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "ENOTCONN"]);
const CONNECTION_MESSAGE =
  /connection terminated|connection (is )?closed|client has encountered a connection error|pglite is closed|not queryable/i;

/** Wraps any error from a driver as an `AdapterError`, naming the operation that failed. */
export function toAdapterError(error: unknown, operation: string): AdapterError {
  if (error instanceof AdapterError) return error;
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const sqlState = code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const options = sqlState === undefined ? { cause: error } : { cause: error, sqlState };
  if (sqlState === "23505")
    return new AdapterError("conflict", `${operation}: ${describeConflict(error)} already exists`, options);
  if (sqlState === "23503")
    return new AdapterError("not_found", `${operation}: the referenced user does not exist`, options);
  if (sqlState === "42P01")
    return new AdapterError(
      "schema_missing",
      `${operation}: the tables are missing; call migrate(db) first (${message})`,
      options,
    );
  if (sqlState?.startsWith("22") || sqlState === "23502" || sqlState === "23514")
    return new AdapterError("invalid_input", `${operation}: ${message}`, options);
  if (
    (sqlState !== undefined && CONNECTION_STATES.has(sqlState)) ||
    (code !== undefined && CONNECTION_CODES.has(code)) ||
    CONNECTION_MESSAGE.test(message)
  ) {
    return new AdapterError("connection_lost", `${operation}: the database connection was lost (${message})`, options);
  }
  return new AdapterError("database_error", `${operation}: ${message}`, options);
}

function describeConflict(error: unknown): string {
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === "string" ? `a row with the same key (${constraint})` : "a row with the same key";
}
