/**
 * The answer to a request whose session cannot be read now but may be in a moment (`SessionUpdate.retryable`): 503
 * with `Retry-After`, never a login. A page load gets a small HTML page that loads itself again (`Refresh`): after a
 * second for a rotation race (by then the browser holds the cookies the winning instance sent), every 10 s through
 * an auth-host outage. Any other request (fetch, POST, a server action) gets the typed JSON `SessionRetry`.
 */
import type { AccessTokenError, AccessTokenFailure } from "./errors.js";

/** The typed, retryable answer for a session that cannot be read now: the JSON body of the 503. */
export interface SessionRetry {
  status: 503;
  /** `key_unavailable` / `auth_unavailable`: the auth host is unreachable; `session_rotated`: a rotation race. */
  error_code: Extract<AccessTokenFailure, "key_unavailable" | "auth_unavailable" | "session_rotated">;
  message: string;
  /** Always true: the same request in `retryAfterSeconds` may succeed. */
  retryable: true;
  retryAfterSeconds: number;
}

/** The retryable answer for `error` (a retryable `AccessTokenError`, see `SessionUpdate.retryable`). */
export function sessionRetry(error: AccessTokenError): SessionRetry {
  const rotated = error.reason === "session_rotated";
  return {
    status: 503,
    error_code: error.reason as SessionRetry["error_code"],
    message: rotated
      ? "The session was just renewed by another request; retry in a second."
      : "The sign-in service cannot be reached; the session is kept. Retry shortly.",
    retryable: true,
    retryAfterSeconds: rotated ? 1 : 10,
  };
}

/** The page a page load gets: it loads itself again after `seconds`. */
const retryPage = (retry: SessionRetry) =>
  `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="${retry.retryAfterSeconds}">` +
  `<meta name="robots" content="noindex"><title>One moment</title><p>${retry.message}</p>`;

/**
 * The 503 for a session that cannot be read now: for a page load (`page`) an HTML page that loads itself again, else
 * the JSON `{ error_code, message, retryable, retryAfterSeconds }`; `Retry-After` and `Cache-Control: no-store`.
 */
export function retryableResponse(error: AccessTokenError, options: { page?: boolean } = {}): Response {
  const retry = sessionRetry(error);
  const headers = new Headers({ "Retry-After": String(retry.retryAfterSeconds), "Cache-Control": "no-store" });
  if (options.page) {
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Refresh", String(retry.retryAfterSeconds));
    return new Response(retryPage(retry), { status: 503, headers });
  }
  const { status: _, ...body } = retry;
  return Response.json(body, { status: 503, headers });
}
