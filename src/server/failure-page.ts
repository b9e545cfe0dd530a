/**
 * The named failure of a login round trip that produced no session: an HTML page (for the person) with the error
 * code in its title, its body and the `x-orgauth-error` header (for tools and tests), and a link to try again —
 * never a redirect, so a broken configuration cannot loop. The explanation is the library's own text: the caller
 * logs whatever came from elsewhere.
 */

/** Why a login round trip produced no session. */
export type LoginFailureCode =
  /** The callback came without `state` (not started by this app's login route). */
  | "state_missing"
  /** The `state` is not one this app signed, or the browser's state cookie is for another attempt. */
  | "state_mismatch"
  /** The login was started more than ten minutes ago. */
  | "state_expired"
  /** The browser did not send back the cookie the login route set (cookies blocked, or not kept). */
  | "cookie_not_set"
  /** The login started on another host name than the redirect URI's, so its cookie stayed there. */
  | "host_name_mismatch"
  /** The auth host sent the browser back with an `error`. */
  | "authorize_error"
  /** The callback came without a `code`. */
  | "code_missing"
  /** The auth host refused the integration API key. */
  | "invalid_api_key"
  /** The auth host refused the code for this redirect URI (not the one the login used, or not allowed). */
  | "redirect_uri_mismatch"
  /** The auth host refused the code (already used, expired, or for another app). */
  | "code_rejected"
  /** The auth host could not be reached. */
  | "auth_host_unreachable"
  /** The auth host answered the code exchange unexpectedly. */
  | "token_exchange_failed"
  /** The token's issuer is not the configured auth URL's origin (another host name for the same auth host?). */
  | "issuer_mismatch"
  /** The token did not verify with the configured verifier key. */
  | "token_not_verified"
  /** A return path that leaves the app's origins. */
  | "unsafe_return_path";

const STATUS: Record<LoginFailureCode, number> = {
  state_missing: 400,
  state_mismatch: 400,
  state_expired: 400,
  cookie_not_set: 400,
  host_name_mismatch: 400,
  authorize_error: 400,
  code_missing: 400,
  invalid_api_key: 500,
  redirect_uri_mismatch: 500,
  code_rejected: 400,
  auth_host_unreachable: 502,
  token_exchange_failed: 502,
  issuer_mismatch: 500,
  token_not_verified: 500,
  unsafe_return_path: 400,
};

/** The response header that names the failure. */
export const ERROR_HEADER = "x-orgauth-error";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The failure page: status by code, the code named in the title, body and header; a link that starts over. */
export function loginFailureResponse(code: LoginFailureCode, explanation: string, retryHref: string | null): Response {
  const retry = retryHref === null ? "" : `<p><a href="${escapeHtml(retryHref)}">Try to sign in again</a></p>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed: ${code}</title></head>` +
    `<body><h1>Sign-in failed</h1><p>Error code: <code>${code}</code></p><p>${escapeHtml(explanation)}</p>` +
    `${retry}</body></html>`;
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    [ERROR_HEADER]: code,
  });
  return new Response(html, { status: STATUS[code], headers });
}
