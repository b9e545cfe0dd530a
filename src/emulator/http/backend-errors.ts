import { ProviderError } from "./errors.js";

/**
 * A 400 as the provider's backend API answers it: a JSON map from each wire field at fault to its messages
 * (`{ "email": ["…"] }`), which the vendor's field exceptions keep as `fieldToErrors`.
 */
export class FieldMapError extends ProviderError {
  constructor(fields: Record<string, { code: string; message: string }>, options?: { cause?: unknown }) {
    super(400, "invalid_request_fields", "Please check the highlighted fields", fields, options);
  }

  /** The field map. */
  override body(): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.fields ?? {}).map(([field, { message }]) => [field, [message]]));
  }
}

/** A backend 400 naming one field; `cause`: the error that made the field unusable (a parser's). */
export const fieldError = (field: string, message: string, code = "invalid_value", cause?: unknown): FieldMapError =>
  new FieldMapError({ [field]: { code, message } }, cause === undefined ? undefined : { cause });

/** 404 user_not_found: the user a backend call names does not exist. */
export const backendUserNotFound = (): ProviderError => new ProviderError(404, "user_not_found", "User not found");

/** 404 not_found: the API key a backend call names does not exist. */
export const apiKeyNotFound = (): ProviderError => new ProviderError(404, "not_found", "API key not found");
