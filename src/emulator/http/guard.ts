/**
 * What a web page or another process must not do to the emulator: reach it under a foreign Host name (DNS
 * rebinding), call it from a foreign origin, drive the admin API without the secret (in its header, or as the admin
 * UI's cookie from the emulator's own page), post a hosted page's form from
 * another site (login CSRF), read a hosted page (the outbox's links) from an app's page, or sign the developer out
 * with a form. Each check answers before any handler runs, so a refused request changes nothing.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { EmulatorErrorCode } from "./error-codes.js";
import type { OriginPolicy } from "./origins.js";

/** The header the admin API's secret travels in. */
const ADMIN_SECRET_HEADER = "x-emulator-secret";

/** Why a request is refused: its status, error code and message. */
interface Refusal {
  status: number;
  code: EmulatorErrorCode;
  message: string;
}

/** The outcome of the guard: a refusal, or the origin CORS headers may name (null: none). */
export type GuardResult = { refused: Refusal } | { refused?: undefined; corsOrigin: string | null };

const isAdminPath = (path: string): boolean => path === "/__emulator" || path.startsWith("/__emulator/");
/** The admin UI's page itself: static HTML and script, no state, so a browser may open it by address. */
const isAdminPage = (method: string, path: string): boolean => method === "GET" && path === "/__emulator/ui";
const isApiPath = (path: string): boolean => path.startsWith("/api/");
/**
 * The provider's backend (management) API, and the verifier key its library fetches with the integration API key:
 * called by an app's server, never by a page.
 */
const isBackendPath = (path: string): boolean =>
  path.startsWith("/api/backend/") || path === "/api/v1/token_verification_metadata";
/** Paths whose answers a page of an allowed app origin may read (CORS): the front-end API and the public keys. */
const isCorsReadable = (path: string): boolean =>
  (isApiPath(path) && !isBackendPath(path)) || path.startsWith("/.well-known/");
/** Hosted pages that show a credential (the outbox's login and reset links, the account page's new MFA secret). */
const CREDENTIAL_PAGES = new Set(["/outbox", "/account"]);
/** The session call a page could otherwise fire with a form or a no-cors request (signing the developer out). */
const LOGOUT_PATH = "/api/v1/logout";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

/** Whether the request carries the admin secret (compared in constant time). */
function hasSecret(req: IncomingMessage, secret: string): boolean {
  const given = req.headers[ADMIN_SECRET_HEADER];
  return sameSecret(typeof given === "string" ? given : undefined, secret);
}

/** The cookie the admin UI holds once its tokenised address was opened: HttpOnly, same-site only, `/__emulator`. */
export const ADMIN_COOKIE = "__emulator_admin";

/** The admin cookie's value for a secret: derived, so every emulator sharing the secret accepts it, and a new secret voids it. */
export const adminCookieValue = (secret: string): string =>
  createHash("sha256").update(`orgauth-emulator-admin-ui:${secret}`).digest("base64url");

/** Whether `given` equals `expected`, compared in constant time. */
export const sameSecret = (given: string | undefined, expected: string): boolean =>
  typeof given === "string" && timingSafeEqual(digest(given), digest(expected));

/** The value of one cookie of a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Whether the request is the admin UI's own: it carries the admin cookie (which only the tokenised address hands
 * out) and the browser marks it same-origin (`Sec-Fetch-Site`, a header no page can set; an Origin, when sent,
 * equal to the emulator's). The cookie stops other processes, the browser's marks stop other pages riding on it.
 */
function adminUiRequest(req: IncomingMessage, policy: OriginPolicy, secret: string): boolean {
  const origin = req.headers.origin;
  return (
    sameSecret(cookieValue(req.headers.cookie, ADMIN_COOKIE), adminCookieValue(secret)) &&
    req.headers["sec-fetch-site"] === "same-origin" &&
    (origin === undefined || policy.isOwn(origin, req.headers.host))
  );
}

/**
 * Whether a hosted page's form post may be served: from the emulator's own origin, or from a client that is not a
 * browser (no Origin, no Sec-Fetch-Site: curl, a test). A form posted from any other origin is refused.
 */
function formPostAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  if (origin !== undefined && origin !== "null") return policy.isOwn(origin, req.headers.host) && site !== "cross-site";
  if (site !== undefined) return site === "same-origin" || site === "none";
  return origin === undefined;
}

/**
 * Whether a credential page may be served: a browser's top-level navigation (whatever page linked to it; the page
 * lands in the developer's tab, not in the linking page's hands), a fetch from the emulator's own origin, or a client
 * that is not a browser. A fetch from any other origin, an allowed app origin included, is refused.
 */
function credentialPageAllowed(req: IncomingMessage, policy: OriginPolicy): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined && !policy.isOwn(origin, req.headers.host)) return false;
  const site = req.headers["sec-fetch-site"];
  if (site === undefined || site === "same-origin" || site === "none") return true;
  return req.headers["sec-fetch-mode"] === "navigate" && req.headers["sec-fetch-dest"] === "document";
}

/**
 * Whether a request comes from a web page: it carries an `Origin` (every cross-origin fetch and form post, every
 * preflight), or the browser marks it as fetched by a page (`Sec-Fetch-Site` other than `none`, which is a typed
 * address). A server's fetch (Node's, the vendor's library) sends neither.
 */
const fromWebPage = (req: IncomingMessage): boolean => {
  const site = req.headers["sec-fetch-site"];
  return req.headers.origin !== undefined || (site !== undefined && site !== "none");
};

/** Whether a request's body is declared JSON (a form or a no-cors request cannot declare it without a preflight). */
const declaresJson = (req: IncomingMessage): boolean =>
  /^application\/json\s*(?:;|$)/i.test(req.headers["content-type"] ?? "");

const refuse = (status: number, code: EmulatorErrorCode, message: string): GuardResult => ({
  refused: { status, code, message },
});

/** Decides whether a request may reach the routes, and which origin (if any) CORS headers may grant. */
export function guardRequest(req: IncomingMessage, path: string, policy: OriginPolicy, secret: string): GuardResult {
  const host = req.headers.host;
  if (!policy.hostAllowed(host))
    return refuse(403, "host_not_allowed", `This emulator does not answer to the host ${JSON.stringify(host ?? "")}`);
  const method = req.method ?? "GET";
  const origin = req.headers.origin;
  if (isAdminPath(path) && !isAdminPage(method, path)) {
    if (method === "OPTIONS") return refuse(403, "origin_not_allowed", "The admin API grants no cross-origin access");
    if (hasSecret(req, secret) || adminUiRequest(req, policy, secret)) return { corsOrigin: null };
    return refuse(
      403,
      "admin_secret_required",
      `The admin API needs the ${ADMIN_SECRET_HEADER} header, or the admin UI opened at the address printed when the emulator starts`,
    );
  }
  if (isBackendPath(path) && fromWebPage(req))
    return refuse(403, "origin_not_allowed", "The backend API is server to server: no web page may call it");
  const own = origin !== undefined && policy.isOwn(origin, host);
  const app = origin !== undefined && !own && policy.appAllowed(origin);
  if (origin !== undefined && !own && !app && (isApiPath(path) || method === "OPTIONS" || origin !== "null"))
    return refuse(403, "origin_not_allowed", `Requests from ${origin} are not allowed`);
  if (!isApiPath(path) && !SAFE_METHODS.has(method) && !formPostAllowed(req, policy))
    return refuse(403, "cross_site_form", "This form was posted from another site; open the page here and try again");
  if (CREDENTIAL_PAGES.has(path) && !credentialPageAllowed(req, policy))
    return refuse(
      403,
      "origin_not_allowed",
      `${path} is the developer's page: open it in the browser, not from an app`,
    );
  if (path === LOGOUT_PATH && method === "POST" && !declaresJson(req))
    return refuse(415, "json_required", "POST /api/v1/logout needs Content-Type: application/json");
  return { corsOrigin: (own || app) && isCorsReadable(path) ? origin : null };
}
