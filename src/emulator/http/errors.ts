import type { EmulatorErrorCode } from "./error-codes.js";

/** The contract's ErrorBody with only its code and message. */
export function errorBody(code: EmulatorErrorCode, userFacing: string): Record<string, unknown> {
  return { error_code: code, user_facing_error: userFacing };
}

/** An error the provider answers with: HTTP status plus the contract's error body (its code from the known lists). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: EmulatorErrorCode,
    readonly userFacing: string,
    readonly fields?: Record<string, { code: string; message: string }>,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${userFacing}`, options);
  }

  /** Headers the answer carries besides the body (e.g. `Retry-After`). */
  headers(): Record<string, string> {
    return {};
  }

  /** The contract's ErrorBody. */
  body(): Record<string, unknown> {
    const body = errorBody(this.code, this.userFacing);
    if (this.fields) {
      body.user_facing_errors = Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, v.message]));
      body.field_errors = Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, v.code]));
    }
    return body;
  }
}

/** A 400 invalid_request_fields naming the fields at fault. */
export function invalidFields(fields: Record<string, { code: string; message: string }>): ProviderError {
  return new ProviderError(400, "invalid_request_fields", "Please check the highlighted fields", fields);
}

/** Throws invalid_request_fields when any field has a problem. */
export function assertFields(fields: Record<string, { code: string; message: string } | undefined>): void {
  const problems = Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, { code: string; message: string }] => entry[1] !== undefined,
    ),
  );
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
}

/** The contract's errors, one maker per code the routes share. */
export const notLoggedIn = (): ProviderError =>
  new ProviderError(401, "not_logged_in", "You must be logged in to do that");
export const emailNotConfirmed = (): ProviderError =>
  new ProviderError(403, "email_not_confirmed", "Please confirm your email address first");
export const orgNotFound = (): ProviderError => new ProviderError(404, "org_not_found", "Organization not found");
export const forbidden = (message: string): ProviderError => new ProviderError(403, "action_forbidden", message);
export const disabled = (message: string): ProviderError => new ProviderError(403, "action_disabled", message);
export const accountLocked = (): ProviderError =>
  new ProviderError(403, "account_locked", "Your account is locked. Please reset your password to unlock it.");
export const accountDisabled = (): ProviderError =>
  new ProviderError(403, "account_disabled", "Your account has been disabled");
/** 401 invalid_api_key: the `Authorization: Bearer` of a server call is not the integration API key. */
export const invalidApiKey = (): ProviderError => new ProviderError(401, "invalid_api_key", "Invalid API key");
