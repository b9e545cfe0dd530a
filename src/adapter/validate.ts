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
const counter = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const userInput = z.object({
  id: key.optional(),
  name: optionalText,
  email: text.nullable(),
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

export const accountInput = z.object({
  userId: key,
  type: z.enum(["oauth", "oidc", "email", "webauthn"]),
  provider: key,
  providerAccountId: key,
  refresh_token: optionalText,
  access_token: optionalText,
  expires_at: z.number().finite().transform(Math.trunc).nullish(),
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

/** The JSON-safe fields of an account that are not columns (e.g. `refresh_token_expires_in`), for the `extra` column. */
export function accountExtras(account: Record<string, unknown>, operation: string): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(account)) {
    if (ACCOUNT_FIELDS.has(name) || value === undefined) continue;
    extras[name] = value;
  }
  let json: string;
  try {
    json = JSON.stringify(extras, (name: string, value: unknown) => {
      if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL)))
        throw new Error("a NUL character cannot be stored");
      return value;
    });
  } catch (error) {
    throw new AdapterError(
      "invalid_input",
      `${operation}: the account's extra fields are not storable JSON (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  return JSON.parse(json) as Record<string, unknown>;
}
