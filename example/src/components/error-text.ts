/** What an error says to a person: the server's human messages, and which of a form's fields it names. */
import { isApiError } from "orgauth";

/** The user-facing text of an error (ApiError → its user_facing_error; anything else → its message). */
function userFacingMessage(error: unknown): string {
  if (isApiError(error)) return error.userFacingError;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The server's message for one field of the form, when the error names it. */
function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.userFacingErrors[field] : undefined;
}

/** Props that mark an input invalid (and point at the alert) when the error names its field. */
export function invalidIf(error: unknown, field: string, alertId: string) {
  return fieldError(error, field) === undefined ? {} : ({ "aria-invalid": true, "aria-describedby": alertId } as const);
}

/**
 * The human messages of an error: each field message once (the alert is what a person reads; "check the highlighted
 * fields" alone says nothing when the field is not on this form), else the error's own message.
 */
export function humanMessages(error: unknown): string[] {
  const fields = isApiError(error) ? [...new Set(Object.values(error.userFacingErrors))] : [];
  return fields.length > 0 ? fields : [userFacingMessage(error)];
}
