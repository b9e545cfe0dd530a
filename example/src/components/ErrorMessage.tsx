/**
 * How a failed call shows to the person using the app: the server's human messages in an alert, the form's own
 * fields marked invalid where the server named them, and the error code only in a folded panel for developers.
 */
import { isApiError } from "orgauth";
import { humanMessages } from "./error-text.js";

/** An alert with the error's human messages; renders nothing without an error. `id` lets inputs point at it. */
export function ErrorMessage({ error, id }: { error: unknown; id?: string }) {
  if (error === null || error === undefined) return null;
  const messages = humanMessages(error);
  return (
    <div role="alert" className="error" id={id}>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {isApiError(error) && (
        <details className="dev-details">
          <summary>Details for developers</summary>
          <p>
            {error.operationId} · HTTP {error.status} · <code>{String(error.code)}</code>
            {Object.keys(error.userFacingErrors).length > 0 && (
              <> · fields: {Object.keys(error.userFacingErrors).join(", ")}</>
            )}
          </p>
        </details>
      )}
    </div>
  );
}
