/** Shows any error a call failed with: an ApiError's `user_facing_error` and its per-field messages. */
import { isApiError } from "orgauth";

/** The user-facing text of an error (ApiError → its user_facing_error; anything else → its message). */
function userFacingMessage(error: unknown): string {
  if (isApiError(error)) return error.userFacingError;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** An alert with the error's user-facing text and field messages; renders nothing without an error. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const fields = isApiError(error) ? Object.entries(error.userFacingErrors) : [];
  return (
    <div role="alert" className="error">
      <p>{userFacingMessage(error)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map(([field, message]) => (
            <li key={field}>
              <strong>{field}</strong>: {message}
            </li>
          ))}
        </ul>
      )}
      {isApiError(error) && <p className="muted small">code: {String(error.code)}</p>}
    </div>
  );
}
