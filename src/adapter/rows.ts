/** Rows → Auth.js shapes. Both drivers parse timestamptz to `Date`; 64-bit columns may come back as string, number or bigint. */
import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "@auth/core/adapters";
import type { SqlRow } from "./sql-port.js";

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function toNullableDate(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value as string | bigint);
}

/** SQL select lists, so every query reads the same columns under the names the mappers expect. */
export const USER_COLUMNS =
  "u.id AS user_id, u.name AS user_name, u.email AS user_email, u.email_verified AS user_email_verified, u.image AS user_image, u.extra AS user_extra";
export const SESSION_COLUMNS = "s.session_token, s.user_id AS session_user_id, s.expires AS session_expires";

/** A jsonb column as an object (drivers hand it back parsed, or as text). */
function toObject(value: unknown): Record<string, unknown> {
  return (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
}

/**
 * A users row (selected with USER_COLUMNS) as an `AdapterUser`, with the extra fields it was stored with.
 * `email` is null only for a user created without one.
 */
export function toUser(row: SqlRow): AdapterUser {
  return {
    ...toObject(row.user_extra),
    id: String(row.user_id),
    name: (row.user_name as string | null) ?? null,
    email: row.user_email as string,
    emailVerified: toNullableDate(row.user_email_verified),
    image: (row.user_image as string | null) ?? null,
  };
}

/** A sessions row (selected with SESSION_COLUMNS) as an `AdapterSession`. */
export function toSession(row: SqlRow): AdapterSession {
  return {
    sessionToken: String(row.session_token),
    userId: String(row.session_user_id),
    expires: toDate(row.session_expires),
  };
}

/** An accounts row as an `AdapterAccount`: the documented columns that are set, plus the extra fields it was linked with. */
export function toAccount(row: SqlRow): AdapterAccount {
  const account: AdapterAccount = {
    ...toObject(row.extra),
    userId: String(row.user_id),
    type: row.type as AdapterAccount["type"],
    provider: String(row.provider),
    providerAccountId: String(row.provider_account_id),
  };
  for (const name of ["refresh_token", "access_token", "token_type", "scope", "id_token", "session_state"] as const) {
    if (row[name] !== null && row[name] !== undefined) Object.assign(account, { [name]: row[name] as string });
  }
  if (row.expires_at !== null && row.expires_at !== undefined) account.expires_at = toNumber(row.expires_at);
  return account;
}

/** A verification_tokens row as a `VerificationToken`. */
export function toVerificationToken(row: SqlRow): VerificationToken {
  return { identifier: String(row.identifier), token: String(row.token), expires: toDate(row.expires) };
}

/** An authenticators row as an `AdapterAuthenticator`. */
export function toAuthenticator(row: SqlRow): AdapterAuthenticator {
  return {
    credentialID: String(row.credential_id),
    userId: String(row.user_id),
    providerAccountId: String(row.provider_account_id),
    credentialPublicKey: String(row.credential_public_key),
    counter: toNumber(row.counter),
    credentialDeviceType: String(row.credential_device_type),
    credentialBackedUp: Boolean(row.credential_backed_up),
    transports: (row.transports as string | null) ?? null,
  };
}
