/**
 * Everything orgauth knows about its cookies on the app's own domain, in one place (as Auth.js's `SessionStore`):
 * the names (the provider's, so a migrating app's users stay signed in), the flags, reading a `Cookie` header,
 * writing `Set-Cookie` lines, the budget the session must fit (all of orgauth's cookies under 4 KB, so no proxy's
 * 8 KB header limit is ever reached because of them), and the `Cookie` header the render sees after a renewal.
 * One concept, several small parts: longer than most files on purpose, so no other module learns a cookie's name.
 */
import type { SessionTokens } from "./backend.js";
import type { ServerConfig } from "./options.js";

/** The cookie names: the provider's own for the tokens and the active org, orgauth's for the rest. */
export const SESSION_COOKIES = /* @__PURE__ */ Object.freeze({
  accessToken: "__pa_at",
  refreshToken: "__pa_rt",
  activeOrgId: "__pa_org_id",
  /** The prefix of the per-login-attempt state cookies (`__pa_state.<nonce>`). */
  state: "__pa_state",
} as const);

/** The cookie that remembers the first refusal of a refresh token (a digest of it, see refusal.ts). */
const REFUSED_COOKIE = "__pa_rt_refused";

/** The request header that carries a fresh access token from the request handler to the render. */
export const ACCESS_TOKEN_HEADER = "x-orgauth-access-token";

/**
 * Most bytes the session's cookies (access token, refresh token, active org) take together in a `Cookie` header,
 * names and separators included: under 4 KB with the refusal cookie's 62, so the session fits the cookie of one
 * name a browser keeps (4096 bytes) and leaves the app's own cookies room under a proxy's 8 KB header limit.
 */
export const SESSION_COOKIE_BUDGET = 3900;

/** How long a refusal of a session that may live on elsewhere is remembered, in seconds. */
const REFUSAL_SECONDS = 300;

/** The attributes every session cookie has. */
export interface CookieAttributes {
  secure: boolean;
  path?: string;
  maxAgeSeconds?: number;
}

/** The refusal cookie's value: the digest of the refused refresh token and the refusals so far. */
export interface RefusalMark {
  digest: string;
  count: number;
}

/** The refusal cookie's value read (`digest` alone, from an earlier release, is one refusal). */
function readRefusal(value: string | undefined): RefusalMark | undefined {
  if (!value) return undefined;
  const [digest = "", count] = value.split(".");
  return { digest, count: Math.max(1, Number.parseInt(count ?? "1", 10) || 1) };
}

/** What a request's cookies say about the session. */
export interface RequestSession {
  cookies: Map<string, string>;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  activeOrgId: string | undefined;
  /** The refusals of a refresh token so far: its digest and how many (see refusal.ts). */
  refusal: RefusalMark | undefined;
}

/** The cookies of a request by name (the first of a repeated name wins). */
export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name === "" || cookies.has(name)) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** One `Set-Cookie` line: HttpOnly, SameSite=Lax, `Path=/` unless given, `Secure` when asked. */
export function setCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (attributes.secure) parts.push("Secure");
  if (attributes.maxAgeSeconds !== undefined) parts.push(`Max-Age=${Math.floor(attributes.maxAgeSeconds)}`);
  return parts.join("; ");
}

/** A `Set-Cookie` line that deletes the cookie. */
export function clearCookie(name: string, attributes: Omit<CookieAttributes, "maxAgeSeconds">): string {
  return setCookie(name, "", { ...attributes, maxAgeSeconds: 0 });
}

/**
 * A token cookie's value, or undefined for none, or for one longer than the session's whole budget: orgauth never
 * writes such a cookie (a browser keeps none over 4 KB), so it is no session (not a call to the auth host that fails
 * and reads as an outage).
 */
function tokenCookie(cookies: Map<string, string>, name: string): string | undefined {
  const value = cookies.get(name);
  return value && value.length <= SESSION_COOKIE_BUDGET ? value : undefined;
}

/** The session cookies of a request. */
export function readRequestSession(request: Request): RequestSession {
  const cookies = readCookies(request);
  return {
    cookies,
    accessToken: tokenCookie(cookies, SESSION_COOKIES.accessToken),
    refreshToken: tokenCookie(cookies, SESSION_COOKIES.refreshToken),
    activeOrgId: cookies.get(SESSION_COOKIES.activeOrgId) || undefined,
    refusal: readRefusal(cookies.get(REFUSED_COOKIE)),
  };
}

/** Bytes of the session cookies in a `Cookie` header (`name=value` pairs joined by `; `). */
export function sessionCookieBytes(tokens: SessionTokens, activeOrgId: string | undefined): number {
  const pairs: [string, string][] = [
    [SESSION_COOKIES.accessToken, tokens.accessToken],
    [SESSION_COOKIES.refreshToken, tokens.refreshToken],
  ];
  if (activeOrgId !== undefined) pairs.push([SESSION_COOKIES.activeOrgId, activeOrgId]);
  return pairs.reduce((sum, [name, value]) => sum + name.length + 1 + encodeURIComponent(value).length + 2, -2);
}

/** True when the tokens (with the active org) fit `SESSION_COOKIE_BUDGET`. */
export const fitsSessionCookies = (tokens: SessionTokens, activeOrgId: string | undefined): boolean =>
  sessionCookieBytes(tokens, activeOrgId) <= SESSION_COOKIE_BUDGET;

/** The names of the request's cookies of an earlier release that split a large access token (`__pa_at.0` …). */
const legacyChunks = (cookies: Map<string, string>) =>
  [...cookies.keys()].filter((name) => name.startsWith(`${SESSION_COOKIES.accessToken}.`));

/** The server configurations that have warned of a session too large for its cookies (once each). */
const warnedTooLarge = new WeakSet<ServerConfig>();

/**
 * The lines that store new tokens (and the active org: set to `activeOrgId`, cleared for null, left for undefined).
 * An access token the budget has no room for (an org token whose one org is that large) is not stored: the refresh
 * token is, so the request handler renews the access token on each request and the user stays signed in; a warning
 * names it once per configuration (`createServerAuth`).
 */
export function storeSessionLines(
  config: ServerConfig,
  session: RequestSession,
  tokens: SessionTokens,
  activeOrgId: string | null | undefined,
): string[] {
  const attributes = { secure: config.secureCookies };
  const lines = legacyChunks(session.cookies).map((name) => clearCookie(name, attributes));
  const orgAfter = activeOrgId === null ? undefined : (activeOrgId ?? session.activeOrgId);
  if (fitsSessionCookies(tokens, orgAfter)) {
    lines.push(setCookie(SESSION_COOKIES.accessToken, tokens.accessToken, attributes));
  } else {
    if (session.cookies.has(SESSION_COOKIES.accessToken)) {
      lines.push(clearCookie(SESSION_COOKIES.accessToken, attributes));
    }
    if (!warnedTooLarge.has(config)) {
      warnedTooLarge.add(config);
      console.warn(
        `orgauth: session_too_large: an access token of ${tokens.accessToken.length} bytes does not fit the session ` +
          `cookies (${SESSION_COOKIE_BUDGET} bytes); it is renewed on each request instead (the user stays signed in).`,
      );
    }
  }
  lines.push(setCookie(SESSION_COOKIES.refreshToken, tokens.refreshToken, attributes));
  if (activeOrgId) lines.push(setCookie(SESSION_COOKIES.activeOrgId, activeOrgId, attributes));
  else if (activeOrgId === null && session.activeOrgId !== undefined) {
    lines.push(clearCookie(SESSION_COOKIES.activeOrgId, attributes));
  }
  if (session.refusal !== undefined) lines.push(clearCookie(REFUSED_COOKIE, attributes));
  return lines;
}

/** The lines that delete every session cookie the request has. */
export function clearSessionLines(config: ServerConfig, session: RequestSession): string[] {
  const attributes = { secure: config.secureCookies };
  const names = [
    SESSION_COOKIES.accessToken,
    ...legacyChunks(session.cookies),
    SESSION_COOKIES.refreshToken,
    SESSION_COOKIES.activeOrgId,
    REFUSED_COOKIE,
  ];
  return names.filter((name) => session.cookies.has(name)).map((name) => clearCookie(name, attributes));
}

/** The line that remembers the refusals of the refresh token with `digest` so far (see refusal.ts). */
export function rememberRefusalLine(config: ServerConfig, mark: RefusalMark): string {
  const value = `${mark.digest}.${mark.count}`;
  return setCookie(REFUSED_COOKIE, value, { secure: config.secureCookies, maxAgeSeconds: REFUSAL_SECONDS });
}

/**
 * The lines for a session taken as ended (see refusal.ts): the refusal cookie marks its refresh token as ended for as
 * long as the browser keeps that token (no `Max-Age`, like the session's cookies), and the access token goes. The
 * refresh-token cookie is never deleted here: this response may land after one that stored a newer session.
 */
export function endedSessionLines(config: ServerConfig, session: RequestSession, mark: RefusalMark): string[] {
  const attributes = { secure: config.secureCookies };
  const lines = [setCookie(REFUSED_COOKIE, `${mark.digest}.${mark.count}`, attributes)];
  for (const name of [SESSION_COOKIES.accessToken, ...legacyChunks(session.cookies)]) {
    if (session.cookies.has(name)) lines.push(clearCookie(name, attributes));
  }
  return lines;
}

/** What one `Set-Cookie` line does: the cookie's name, and its value as written, or null when it deletes it. */
function changeOf(line: string): [string, string | null] {
  const [pair = ""] = line.split(";");
  const at = pair.indexOf("=");
  const deletes = /;\s*Max-Age=0\s*(;|$)/i.test(line);
  return [pair.slice(0, at).trim(), deletes ? null : pair.slice(at + 1)];
}

/**
 * The `Cookie` header the render sees after the request handler changed the session: the request's header with the
 * `Set-Cookie` lines applied (set in place or appended, or deleted). Only the cookies those lines name change; every
 * other cookie of the app stays as the browser sent it, byte for byte (quotes, repeated names and order kept).
 */
export function cookieHeaderAfter(header: string, setCookies: readonly string[]): string {
  const changes = new Map(setCookies.map(changeOf));
  const written = new Set<string>();
  const parts: string[] = [];
  for (const part of header.split(";")) {
    const raw = part.trim();
    if (raw === "") continue;
    const at = raw.indexOf("=");
    const name = (at < 0 ? raw : raw.slice(0, at)).trim();
    if (!changes.has(name)) {
      parts.push(raw);
      continue;
    }
    const value = changes.get(name);
    if (typeof value === "string" && !written.has(name)) parts.push(`${name}=${value}`);
    written.add(name);
  }
  for (const [name, value] of changes) {
    if (value !== null && !written.has(name)) parts.push(`${name}=${value}`);
  }
  return parts.join("; ");
}
