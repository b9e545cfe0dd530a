/** Argument checks for the adapter's writes: wrong or missing fields become `invalid_input` before any SQL runs. */
import * as z from "zod";
import { AdapterError } from "./errors.js";

const NUL = "\u0000";

/** A usable key: a non-empty string PostgreSQL can store (no NUL character). */
export function isKey(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && !value.includes(NUL);
}

const key = z
  .string()
  .min(1)
  .refine((value) => !value.includes(NUL), "must not contain a NUL character");
const text = z.string().refine((value) => !value.includes(NUL), "must not contain a NUL character");
const optionalText = text.nullish();
const date = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform((value) => (value instanceof Date ? value : new Date(value)))
  .refine((value) => !Number.isNaN(value.getTime()), "must be a valid date");
/** Seconds since the epoch stay below this until the year 5138; a millisecond timestamp of today is above it. */
const LARGEST_SECONDS = 100_000_000_000;
const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInput = z.object({
  id: key.optional(),
  name: optionalText,
  // @auth/core builds `email: undefined` for an OAuth provider that shares no e-mail: stored as null.
  email: text.nullish(),
  emailVerified: date.nullish(),
  image: optionalText,
});

export const userPatch = z.object({
  id: key,
  name: optionalText,
  email: text.nullish(),
  emailVerified: date.nullish(),
  image: optionalText,
});

/** The account fields Auth.js documents, each a column; every other field of a token response is kept in `extra`. */
const ACCOUNT_FIELDS = new Set([
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
]);

/** The user fields Auth.js documents, each a column; any other field (a `profile()`'s `role`, say) is kept in `extra`. */
const USER_FIELDS = new Set(["id", "name", "email", "emailVerified", "image"]);

export const accountInput = z.object({
  userId: key,
  type: z.enum(["oauth", "oidc", "email", "webauthn"]),
  provider: key,
  providerAccountId: key,
  refresh_token: optionalText,
  access_token: optionalText,
  expires_at: z
    .number()
    .finite()
    .refine(
      (value) => Math.abs(value) < LARGEST_SECONDS,
      "must be seconds since the epoch (this value is milliseconds: divide by 1000)",
    )
    .transform(Math.trunc)
    .nullish(),
  token_type: optionalText,
  scope: optionalText,
  id_token: optionalText,
  session_state: optionalText,
});

export const sessionInput = z.object({ sessionToken: key, userId: key, expires: date });

export const sessionPatch = z.object({ sessionToken: key, userId: key.optional(), expires: date.optional() });

export const verificationTokenInput = z.object({ identifier: key, token: key, expires: date });

export const authenticatorInput = z.object({
  credentialID: key,
  userId: key,
  providerAccountId: key,
  credentialPublicKey: z.string().min(1),
  counter,
  credentialDeviceType: z.string().min(1),
  credentialBackedUp: z.boolean(),
  transports: optionalText,
});

export const counterInput = z.object({ credentialID: key, counter });

/** Parses `value` with `schema`, or throws `invalid_input` naming the operation and every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, operation: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AdapterError("invalid_input", `${operation}: ${z.prettifyError(result.error).replaceAll("\n", " ")}`, {
    cause: result.error,
  });
}

/** The fields of an account that are not columns (e.g. `refresh_token_expires_in`), for its `extra` column. */
export function accountExtras(account: Record<string, unknown>, operation: string): Record<string, unknown> {
  return extras(account, ACCOUNT_FIELDS, operation, "account");
}

/** The fields of a user that are not columns (e.g. a `role` returned by `profile()`), for its `extra` column. */
export function userExtras(user: Record<string, unknown>, operation: string): Record<string, unknown> {
  return extras(user, USER_FIELDS, operation, "user");
}

/**
 * The fields of `record` outside `columns`, as they will read back: each must survive JSON unchanged, so a value
 * JSON would alter (a Date, NaN, a function) or cannot hold (a bigint, a NUL character) is refused, never dropped.
 */
function extras(
  record: Record<string, unknown>,
  columns: ReadonlySet<string>,
  operation: string,
  what: string,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (columns.has(name) || value === undefined) continue;
    kept[name] = value;
  }
  let json: string;
  try {
    json = JSON.stringify(kept, function check(this: Record<string, unknown>, name: string, value: unknown) {
      const original = this[name];
      if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL)))
        throw new Error("a NUL character cannot be stored");
      if (original instanceof Date) throw new Error(`${name} is a Date: store it as an ISO string`);
      if (typeof original === "number" && !Number.isFinite(original)) throw new Error(`${name} is not a finite number`);
      if (typeof original === "function" || typeof original === "symbol")
        throw new Error(`${name} is a ${typeof original}, not data`);
      if (original === undefined && Array.isArray(this)) throw new Error("an array holds undefined");
      return value;
    });
  } catch (error) {
    throw new AdapterError(
      "invalid_input",
      `${operation}: the ${what}'s extra fields are not storable JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return JSON.parse(json) as Record<string, unknown>;
}
