/**
 * Reading and renewing the session of a request. `readSession` only reads (never refreshes, never writes a cookie);
 * `renewSession` is the one place a refresh happens, for the request handler and the auth routes.
 */
import { decodeJwt } from "jose";
import type { SessionTokens } from "./backend.js";
import {
  ACCESS_TOKEN_HEADER,
  clearSessionLines,
  cookieHeaderAfter,
  endedSessionLines,
  type RequestSession,
  readRequestSession,
  rememberRefusalLine,
  storeSessionLines,
} from "./cookie-store.js";
import { AccessTokenError, isRetryableReason } from "./errors.js";
import { ACCESS_TOKEN_SIGNATURE_HEADER, forwardedToken, signForwardedToken } from "./forwarded-token.js";
import { refreshOnce } from "./refresh.js";
import type { RefreshOutcome } from "./refresh-outcome.js";
import { fittingTokens } from "./org-token-fit.js";
import { REFUSALS_TO_END, refusalDigest } from "./refusal.js";
import type { ServerCore } from "./server-core.js";
import type { ServerUser } from "./server-user.js";

/** What the request handler hands on: cookies for the response, headers for the render, and the user. */
export interface SessionUpdate {
  /** `Set-Cookie` lines for the response (empty when nothing changed). */
  setCookies: string[];
  /** The request's headers for the render: the fresh access token in `ACCESS_TOKEN_HEADER`, the cookies updated. */
  requestHeaders: Headers;
  /** The user after the update, or undefined when signed out. */
  user: ServerUser | undefined;
  /**
   * Set when no user can be read now but a retry in a moment may read one (then `user` is undefined): the auth host
   * unreachable (`key_unavailable`, `auth_unavailable`), or a refresh token just refused that another instance may
   * have rotated (`session_rotated`). Answer 503 (`retryableResponse`), never a login.
   */
  retryable?: AccessTokenError;
}

/** The request header that tells the render why the request handler could read no user now (see `readSession`). */
const SESSION_RETRY_HEADER = "x-orgauth-session-retry";

/** The session after a renewal: the user (if any), the tokens now in force, and the cookie lines to send. */
export interface RenewedSession {
  user: ServerUser | undefined;
  tokens: SessionTokens | undefined;
  setCookies: string[];
  /** What the refresh came to; undefined when none was needed. */
  outcome: RefreshOutcome | undefined;
  /** Set when the auth host's keys could not be fetched: no user can be read (and none was refreshed for it). */
  unavailable?: AccessTokenError;
  /** True when the org asked for was refused and the session renewed without it (the user is not in the org). */
  orgRefused?: boolean;
  /**
   * Set when there is no valid access token and the refresh could not tell whether the session lives: the auth host
   * unreachable (`auth_unavailable`), or a refusal another instance's rotation may explain (`session_rotated`).
   */
  retry?: AccessTokenError;
}

/** True for the error of a key set that cannot be fetched: an outage, which says nothing about the session. */
const isKeyOutage = (error: unknown): error is AccessTokenError =>
  error instanceof AccessTokenError && error.reason === "key_unavailable";

/**
 * The user of a token, or undefined when it does not verify; an outage of the key set (`key_unavailable`) and a
 * configuration error still throw.
 */
async function verifyQuietly(core: ServerCore, token: string | undefined): Promise<ServerUser | undefined> {
  if (token === undefined) return undefined;
  try {
    return await core.verify(token);
  } catch (error) {
    if (error instanceof AccessTokenError && !isKeyOutage(error)) return undefined;
    throw error;
  }
}

/**
 * True when the token expires sooner than `refreshWhenSecondsRemaining`, capped at half its lifetime (`exp - iat`):
 * with tokens of a minute or less, the default 60 s would refresh on every request.
 */
function isDueForRefresh(user: ServerUser, refreshWhenSecondsRemaining: number): boolean {
  const remaining = user.expiresAtSeconds - Date.now() / 1000;
  if (remaining >= refreshWhenSecondsRemaining) return false;
  const { iat } = decodeJwt(user.accessToken);
  const lifetime = typeof iat === "number" ? user.expiresAtSeconds - iat : Number.POSITIVE_INFINITY;
  return remaining < Math.min(refreshWhenSecondsRemaining, lifetime / 2);
}

/**
 * A refresh for each org in turn (undefined: the user alone) until one is not refused: the auth host answers 400
 * both for "not a member" and for a dead session, and only the answer without the org tells them apart. Returns the
 * outcome and the org it was for.
 */
async function refreshForOrgs(
  core: ServerCore,
  refreshToken: string,
  orgs: readonly (string | undefined)[],
): Promise<{ outcome: RefreshOutcome; orgId: string | undefined }> {
  const scope = core.config.authOrigin;
  for (const orgId of orgs) {
    const outcome = await refreshOnce(core.backend, scope, refreshToken, orgId);
    if (outcome.kind !== "logged_out" || orgId === undefined) return { outcome, orgId };
  }
  return { outcome: await refreshOnce(core.backend, scope, refreshToken, undefined), orgId: undefined };
}

/**
 * Renews the session when asked (`force`), or when the access token is missing, invalid or near expiry and a
 * refresh token exists. With no valid access token left, a "logged out" is `session_rotated` until the same refresh
 * token's third refusal ends the session (see refusal.ts), and a failed call (the auth host unreachable) is
 * `auth_unavailable`: neither deletes the refresh token, so neither signs anyone out.
 */
export async function renewSession(
  core: ServerCore,
  session: RequestSession,
  options: { force?: boolean; activeOrgId?: string } = {},
): Promise<RenewedSession> {
  let current: ServerUser | undefined;
  try {
    current = await verifyQuietly(core, session.accessToken);
  } catch (error) {
    // the keys are out: nothing can be told about the session, so nothing is refreshed or cleared
    if (!isKeyOutage(error)) throw error;
    return { user: undefined, tokens: undefined, setCookies: [], outcome: undefined, unavailable: error };
  }
  const wantedOrg = options.activeOrgId ?? session.activeOrgId;
  const needed = options.force || !current || isDueForRefresh(current, core.config.refreshWhenSecondsRemaining);
  const currentTokens = (user: ServerUser | undefined) =>
    user && session.refreshToken ? { accessToken: user.accessToken, refreshToken: session.refreshToken } : undefined;
  if (!needed) return { user: current, tokens: currentTokens(current), setCookies: [], outcome: undefined };
  if (session.refreshToken === undefined) {
    const setCookies = current ? [] : clearSessionLines(core.config, session);
    return { user: current, tokens: undefined, setCookies, outcome: undefined };
  }
  if (!options.force && (await hasEnded(session))) {
    return { user: current, tokens: undefined, setCookies: [], outcome: { kind: "logged_out" } };
  }
  // an org refused: the stored org when the caller chose another (the session stays as it was), else the user alone
  const stored =
    options.activeOrgId !== undefined && session.activeOrgId !== wantedOrg ? session.activeOrgId : undefined;
  const orgs = [...new Set([wantedOrg, stored, undefined])];
  let { outcome, orgId } = await refreshForOrgs(core, session.refreshToken, orgs);
  const orgRefused = outcome.kind === "refreshed" && orgId !== wantedOrg;
  if (outcome.kind === "refreshed") {
    // a user token too large for the cookies: the org token of the user's first org
    const fitted = await fittingTokens(core, { tokens: outcome.tokens, orgId });
    if (fitted.tokens !== outcome.tokens)
      [outcome, orgId] = [{ kind: "refreshed", tokens: fitted.tokens }, fitted.orgId];
  }
  if (outcome.kind === "refreshed") {
    // the org cookie: set to the org renewed for; cleared when no org could be kept; left when it stays the same
    const orgCookie = orgId === session.activeOrgId ? undefined : (orgId ?? null);
    const setCookies = storeSessionLines(core.config, session, outcome.tokens, orgCookie);
    const renewed = { tokens: outcome.tokens, setCookies, outcome, orgRefused };
    try {
      return { ...renewed, user: await verifyQuietly(core, outcome.tokens.accessToken) };
    } catch (error) {
      // the rotated tokens are stored all the same: the refresh token they replaced may be refused from now on
      if (!isKeyOutage(error)) throw error;
      return { ...renewed, user: undefined, unavailable: error };
    }
  }
  if (outcome.kind === "logged_out" && !current) {
    return { user: undefined, tokens: undefined, outcome, ...(await refusalAnswer(core, session)) };
  }
  if (outcome.kind === "failed" && !current) {
    const retry = new AccessTokenError("auth_unavailable", outcome.error.message, { cause: outcome.error });
    return { user: undefined, tokens: undefined, setCookies: [], outcome, retry };
  }
  return { user: current, tokens: currentTokens(current), setCookies: [], outcome };
}

/** True when the request's refresh token was refused often enough to be taken as ended (see refusal.ts). */
async function hasEnded(session: RequestSession): Promise<boolean> {
  const { refusal, refreshToken } = session;
  if (!refusal || refusal.count < REFUSALS_TO_END) return false;
  return refusal.digest === (await refusalDigest(refreshToken ?? ""));
}

/**
 * A refresh token the auth host refused, with no valid access token: counted, and `session_rotated` (a newer token
 * from another instance may be on its way to the browser) until the third refusal, which ends the session here.
 */
async function refusalAnswer(
  core: ServerCore,
  session: RequestSession,
): Promise<{ setCookies: string[]; retry?: AccessTokenError }> {
  const digest = await refusalDigest(session.refreshToken ?? "");
  const mark = { digest, count: (session.refusal?.digest === digest ? session.refusal.count : 0) + 1 };
  if (mark.count >= REFUSALS_TO_END) return { setCookies: endedSessionLines(core.config, session, mark) };
  const message = "the refresh token was refused; another instance may just have rotated it: retry in a second";
  return {
    setCookies: [rememberRefusalLine(core.config, mark)],
    retry: new AccessTokenError("session_rotated", message),
  };
}

/** The request handler's job (middleware): renew near expiry, hand the fresh token and cookies on. */
export async function handleRequest(core: ServerCore, request: Request): Promise<SessionUpdate> {
  const session = readRequestSession(request);
  const renewed = await renewSession(core, session);
  const requestHeaders = new Headers(request.headers);
  for (const name of [ACCESS_TOKEN_HEADER, ACCESS_TOKEN_SIGNATURE_HEADER, SESSION_RETRY_HEADER]) {
    requestHeaders.delete(name);
  }
  if (renewed.user) {
    requestHeaders.set(ACCESS_TOKEN_HEADER, renewed.user.accessToken);
    requestHeaders.set(ACCESS_TOKEN_SIGNATURE_HEADER, await signForwardedToken(core.config, renewed.user.accessToken));
  }
  if (renewed.setCookies.length > 0)
    requestHeaders.set("cookie", cookieHeaderAfter(request.headers.get("cookie") ?? "", renewed.setCookies));
  const retryable = renewed.user ? undefined : (renewed.unavailable ?? renewed.retry);
  if (!retryable) return { setCookies: renewed.setCookies, requestHeaders, user: renewed.user };
  requestHeaders.set(SESSION_RETRY_HEADER, retryable.reason);
  return { setCookies: renewed.setCookies, requestHeaders, user: undefined, retryable };
}

/**
 * The user of a request, read only: the request handler's fresh token (only when the handler set it in this request,
 * see forwarded-token.ts), else the cookie; never refreshes. Throws a retryable `AccessTokenError` when the auth
 * host's keys cannot be fetched (`key_unavailable`), or when the request handler could read no user now
 * (`SESSION_RETRY_HEADER`: `auth_unavailable`, `session_rotated`): an outage or a rotation race is not a sign-out.
 */
export async function readSession(core: ServerCore, request: Request): Promise<ServerUser | undefined> {
  const fromHandler = await forwardedToken(core.config, request.headers);
  const retry = fromHandler === undefined ? request.headers.get(SESSION_RETRY_HEADER) : null;
  if (isRetryableReason(retry)) {
    throw new AccessTokenError(retry, "the request handler could not read the session now; retry shortly");
  }
  return verifyQuietly(core, fromHandler ?? readRequestSession(request).accessToken);
}
