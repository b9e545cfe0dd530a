/** What every conformance test gets: a fresh set of tables (its own prefix) on the engine under test, and a clock. */
import { randomUUID } from "node:crypto";
import type { AdapterAuthenticator, AdapterUser } from "@auth/core/adapters";
import { expect } from "vitest";
import {
  AdapterError,
  createAdapter,
  migrate,
  type AdapterErrorCode,
  type ClosableSqlPort,
  type OrgauthAdapter,
  type SqlPort,
} from "../../../src/adapter/index.js";

/** An engine the suite runs on. */
export interface Engine {
  name: string;
  /** Opens the database the suite uses. */
  open(): Promise<ClosableSqlPort>;
  /** Opens a second, independent way in to the same database (another pool on PostgreSQL; the same instance on PGlite). */
  openSecond(): Promise<ClosableSqlPort>;
}

/** A settable application clock. */
export interface TestClock {
  now(): Date;
  set(iso: string): void;
  advance(ms: number): void;
}

/** One test's store: an adapter on freshly migrated tables under its own prefix. */
export interface TestStore {
  adapter: OrgauthAdapter;
  prefix: string;
  clock: TestClock;
  /** An adapter on the same tables and clock through another port (e.g. a second pool). */
  adapterOn(db: SqlPort): OrgauthAdapter;
  /** Row count of one of the store's tables ("users", "sessions", …). */
  count(table: string): Promise<number>;
}

/** The suite's handles, valid inside tests. */
export interface SuiteEnv {
  db(): SqlPort;
  second(): SqlPort;
  store(): Promise<TestStore>;
}

let prefixes = 0;

/** Makes a store on `db` under a new table prefix. */
export async function freshStore(db: SqlPort): Promise<TestStore> {
  const prefix = `t${process.pid}_${++prefixes}_`;
  let current = Date.parse("2030-06-01T12:00:00Z");
  const clock: TestClock = {
    now: () => new Date(current),
    set: (iso) => (current = Date.parse(iso)),
    advance: (ms) => (current += ms),
  };
  await migrate(db, { tablePrefix: prefix });
  const adapterOn = (port: SqlPort) => createAdapter(port, { tablePrefix: prefix, now: clock.now });
  const count = async (table: string) =>
    Number((await db.query(`SELECT count(*)::integer AS n FROM "${prefix}${table}"`)).rows[0]?.n);
  return { adapter: adapterOn(db), adapterOn, prefix, clock, count };
}

/** A user to create, with a unique id and e-mail. */
export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const id = randomUUID();
  return { id, email: `user-${id}@example.com`, emailVerified: null, name: "Ada Lovelace", image: null, ...overrides };
}

/** An authenticator to create for `userId`. */
export function newAuthenticator(userId: string, overrides: Partial<AdapterAuthenticator> = {}): AdapterAuthenticator {
  return {
    credentialID: `cred-${randomUUID()}`,
    userId,
    providerAccountId: `pa-${randomUUID()}`,
    credentialPublicKey: "pQECAyYgASFYIPublicKeyBase64",
    counter: 0,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: "internal,hybrid",
    ...overrides,
  };
}

/** Asserts that `promise` rejects with an AdapterError of `code`. */
export async function expectAdapterError(promise: Promise<unknown>, code: AdapterErrorCode): Promise<AdapterError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected AdapterError ${code}`).toBeInstanceOf(AdapterError);
  expect((error as AdapterError).code).toBe(code);
  return error as AdapterError;
}

/** Values that are not usable ids: wrong types, empty, a NUL character. */
export const MALFORMED_IDS: unknown[] = [undefined, null, 42, {}, [], "", "bad\u0000id"];
