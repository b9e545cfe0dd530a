/**
 * The emulator's start-up checks: each option and resource is checked before (or as) it is used, and each failure
 * becomes an `EmulatorStartError` whose one-line message names the cause and the fix. Nothing here prints.
 */
import { createServer } from "node:net";
import type { SqlPort } from "../db/sql.js";
import { EMULATOR_INSTALL, missingPackage } from "./peers.js";
import { EmulatorStartError } from "./start-error.js";

/** How long the first connection to a PostgreSQL server may take before the start gives up. */
const DATABASE_ANSWER_MS = 15_000;

/** The first line of an error's message (a driver's message, an OS error), or its code when it has none. */
function reasonOf(error: unknown): string {
  const code = errorCode(error);
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]?.trim() ?? "";
  if (!message) return code ?? "unknown error";
  return code && /^E[A-Z]+$/.test(code) && !message.includes(code) ? `${code}: ${message}` : message;
}

/** The operating system's own words when an error (or its cause) came from a system call, else `reasonOf`. */
function systemReason(error: unknown): string {
  for (let at: unknown = error; at instanceof Error; at = at.cause)
    if (typeof (at as NodeJS.ErrnoException).syscall === "string") return reasonOf(at);
  return reasonOf(error);
}

/** The error's `code` (an OS or PostgreSQL code), looking into an AggregateError's first error and into `cause`. */
function errorCode(error: unknown): string | undefined {
  const { code, errors, cause } = (error ?? {}) as { code?: unknown; errors?: unknown[]; cause?: unknown };
  if (typeof code === "string") return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause === undefined ? undefined : errorCode(cause);
}

/** Checks a port number: a whole number from 0 to 65535 (0 picks a free one). */
export function checkPort(port: number, given: string = String(port)): number {
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  throw new EmulatorStartError(
    "port",
    `The port ${JSON.stringify(given)} is not a port number: give a whole number from 0 to 65535 (--port 4020, or --port 0 for a free one).`,
  );
}

/** Reads `--port`'s text as a port number. */
export const parsePort = (text: string): number => checkPort(/^\d{1,5}$/.test(text) ? Number(text) : Number.NaN, text);

/** Checks that a URL is an http(s) one, for the option named `what` (`--flag` in parentheses). */
export function checkHttpUrl(url: string, what: string, example: string): string {
  let protocol = "";
  let unparsable: unknown;
  try {
    protocol = new URL(url).protocol;
  } catch (error) {
    unparsable = error; // not a URL: refused below, the parser's error kept as the cause
  }
  if (protocol === "http:" || protocol === "https:") return url;
  throw new EmulatorStartError(
    "option",
    `The ${what} ${JSON.stringify(url)} is not an http(s) URL: give one such as ${example}.`,
    { cause: unparsable },
  );
}

/** Checks that a database URL is a PostgreSQL one, before any connection is tried; never echoes its password. */
export function checkDatabaseUrl(connectionString: string): URL {
  let url: URL | undefined;
  let unparsable: unknown;
  try {
    url = new URL(connectionString);
  } catch (error) {
    // not a URL: refused below with the parser's error as the cause, less its `input` (the URL, password and all)
    const { message, code } = error as TypeError & { code?: string };
    unparsable = Object.assign(new TypeError(message), { code });
  }
  if (url?.protocol === "postgres:" || url?.protocol === "postgresql:") return url;
  const got = url ? `a ${url.protocol}// URL` : "not a URL";
  throw new EmulatorStartError(
    "database_url",
    `The database URL is ${got}: the emulator stores in PostgreSQL (--database postgres://user:password@host:5432/database) or in PGlite (--data-dir DIR, or in memory without either flag).`,
    { cause: unparsable },
  );
}

/** `host:port` of a PostgreSQL URL (the driver's defaults: localhost, 5432). */
const addressOf = (url: URL): string => `${url.hostname || "localhost"}:${url.port || "5432"}`;

/** A start error naming the optional package a failure could not load (first, before any other cause), or undefined. */
export function missingPackageFailure(error: unknown): EmulatorStartError | undefined {
  const name = missingPackage(error);
  if (name === undefined) return undefined;
  const line =
    name === "pg"
      ? "The database option (--database) needs the package pg, which is not installed: npm install --save-dev pg"
      : `The emulator needs packages that are optional for orgauth (${name} is not installed): ${EMULATOR_INSTALL}`;
  return new EmulatorStartError("missing_package", line, { cause: error });
}

/** What a failed first query to PostgreSQL means, as a start error naming the server and the fix. */
export function databaseFailure(error: unknown, url: URL): EmulatorStartError {
  const missing = missingPackageFailure(error);
  if (missing) return missing;
  const address = addressOf(url);
  const code = errorCode(error);
  const reason = reasonOf(error);
  const fix = (what: string) => `${what} in the database URL (--database)`;
  const line =
    code === "28P01" || code === "28000"
      ? `PostgreSQL at ${address} refused the login (${reason}): check ${fix("the user and password")}.`
      : code === "3D000"
        ? `PostgreSQL at ${address} has no such database (${reason}): create it (createdb), or name another ${fix("database")}.`
        : code === "ETIMEDOUT_START"
          ? `PostgreSQL at ${address} did not answer within ${DATABASE_ANSWER_MS / 1000} s: check that the server is running and reachable, and ${fix("the host and port")}.`
          : `Cannot reach PostgreSQL at ${address} (${reason}): check that the server is running, and ${fix("the host and port")}.`;
  return new EmulatorStartError("database_unreachable", line, { cause: error });
}

/** Sends a first query to a PostgreSQL database; throws a start error naming the server when it fails or hangs. */
export async function probeDatabase(db: SqlPort, url: URL): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("no answer"), { code: "ETIMEDOUT_START" })),
      DATABASE_ANSWER_MS,
    );
  });
  try {
    await Promise.race([db.query("select 1"), late]);
  } catch (error) {
    throw databaseFailure(error, url);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failure to open the data directory means, as a start error naming the directory and the fix. */
export function dataDirFailure(error: unknown, dataDir: string): EmulatorStartError {
  const missing = missingPackageFailure(error);
  if (missing) return missing;
  // The adapter's lock error already names the holder and what to do.
  if (errorCode(error) === "directory_locked")
    return new EmulatorStartError("data_dir", reasonOf(error), { cause: error });
  return new EmulatorStartError(
    "data_dir",
    `The data directory ${JSON.stringify(dataDir)} cannot be used (${systemReason(error)}): choose a directory this user can create and write (--data-dir DIR), or leave the flag out to keep the state in memory.`,
    { cause: error },
  );
}

/** What a failure to listen means, as a start error naming the port (or host) and the fix. */
export function listenFailure(error: unknown, host: string, port: number): EmulatorStartError {
  const code = errorCode(error);
  if (code === "EADDRINUSE")
    return new EmulatorStartError(
      "port_in_use",
      `Port ${port} on ${host} is already in use: stop the process that listens there, or start on another port (--port ${port === 65535 ? port - 1 : port + 1}, or --port 0 for a free one).`,
      { cause: error },
    );
  if (code === "EACCES")
    return new EmulatorStartError(
      "port",
      `Port ${port} on ${host} needs privileges this user lacks (EACCES): choose a port above 1023 (--port 4020, or --port 0 for a free one).`,
      { cause: error },
    );
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new EmulatorStartError(
      "host",
      `The host ${host} is not an address of this machine (${code}): leave --host out for 127.0.0.1, or give an interface this machine has.`,
      { cause: error },
    );
  return new EmulatorStartError(
    "port",
    `Cannot listen on ${host}:${port} (${reasonOf(error)}): try another port (--port 0 picks a free one).`,
    { cause: error },
  );
}

/**
 * Listens on `host:port` for a moment and lets go, so a port in use (or a host this machine lacks) fails the start
 * at once, before the database is opened and seeded. The real listen may still fail (a race): its error reads the same.
 */
export async function checkListenable(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    throw listenFailure(error, host, port);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
