/** The session as a request's cookies carry it, and the `Set-Cookie` lines that store or end it. */
import type { SessionTokens } from "./backend.js";
import {
  clearChunked,
  clearCookie,
  readChunked,
  readCookies,
  SESSION_COOKIES,
  setCookie,
  writeChunked,
} from "./cookies.js";
import type { ServerConfig } from "./options.js";
import { forgetRefusalLine, REFUSAL_COOKIE } from "./refusal.js";

/** What a request's cookies say about the session. */
export interface RequestSession {
  cookies: Map<string, string>;
  accessToken: string | undefined;
  refreshToken: string | undefined;
  activeOrgId: string | undefined;
  /** The digest of a refresh token the auth host refused once (see refusal.ts). */
  refusedDigest: string | undefined;
}

/** The session cookies of a request. */
export function readRequestSession(request: Request): RequestSession {
  const cookies = readCookies(request);
  return {
    cookies,
    accessToken: readChunked(cookies, SESSION_COOKIES.accessToken),
    refreshToken: cookies.get(SESSION_COOKIES.refreshToken) || undefined,
    activeOrgId: cookies.get(SESSION_COOKIES.activeOrgId) || undefined,
    refusedDigest: cookies.get(REFUSAL_COOKIE) || undefined,
  };
}

let warnedTooLarge = false;

/**
 * The lines that store new tokens (and the active org: set to `activeOrgId`, cleared for null, left for undefined).
 * An access token too large for the cookies it may take is not stored: the refresh token is, so the request
 * handler renews the access token on each request and the user stays signed in; a warning names it once.
 */
export function storeSessionLines(
  config: ServerConfig,
  session: RequestSession,
  tokens: SessionTokens,
  activeOrgId: string | null | undefined,
): string[] {
  const attributes = { secure: config.secureCookies };
  let lines = writeChunked(session.cookies, SESSION_COOKIES.accessToken, tokens.accessToken, attributes);
  if (lines === null) {
    lines = clearChunked(session.cookies, SESSION_COOKIES.accessToken, attributes);
    if (!warnedTooLarge) {
      warnedTooLarge = true;
      console.warn(
        `orgauth: session_too_large: an access token of ${tokens.accessToken.length} bytes does not fit the session ` +
          "cookies; it is renewed on each request instead (the user stays signed in). Fewer orgs per user, or " +
          "org tokens (set an active org), make the token smaller.",
      );
    }
  }
  lines.push(setCookie(SESSION_COOKIES.refreshToken, tokens.refreshToken, attributes));
  if (activeOrgId) lines.push(setCookie(SESSION_COOKIES.activeOrgId, activeOrgId, attributes));
  else if (activeOrgId === null && session.activeOrgId !== undefined) {
    lines.push(clearCookie(SESSION_COOKIES.activeOrgId, attributes));
  }
  if (session.refusedDigest !== undefined) lines.push(forgetRefusalLine(config));
  return lines;
}

/** The lines that delete every session cookie the request has. */
export function clearSessionLines(config: ServerConfig, session: RequestSession): string[] {
  const attributes = { secure: config.secureCookies };
  const lines = clearChunked(session.cookies, SESSION_COOKIES.accessToken, attributes);
  for (const name of [SESSION_COOKIES.refreshToken, SESSION_COOKIES.activeOrgId, REFUSAL_COOKIE]) {
    if (session.cookies.has(name)) lines.push(clearCookie(name, attributes));
  }
  return lines;
}
