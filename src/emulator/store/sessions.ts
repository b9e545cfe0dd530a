import type { EmulatorContext } from "./context.js";
import { emailNotConfirmed, notLoggedIn } from "../http/errors.js";
import { cookie, type Request } from "../http/http.js";
import type { LoginMethod } from "./login-methods.js";
import { getPerson, updateProfile, type Person } from "./people.js";
import { randomToken, sha256 } from "../tokens/secrets.js";

/** The session cookie's name (the contract's `sessionCookie`). */
const SESSION_COOKIE = "__session";
/** The cookie that carries a login between the password and the MFA code. */
const MFA_COOKIE = "__mfa";
/** How long the MFA step may take. */
const MFA_STEP_SECONDS = 300;

/**
 * Starts a session for a user, remembering how they logged in; returns the Set-Cookie value (HttpOnly). A session
 * the request's browser already had ends: one browser (one cookie jar) holds one session.
 */
export async function startSession(
  ctx: EmulatorContext,
  request: Request,
  userId: string,
  method: LoginMethod,
): Promise<string> {
  const previous = browserSessionOf(request);
  if (previous) await endBrowserSession(ctx, previous);
  const settings = await ctx.settings();
  const sessionToken = randomToken();
  await ctx.identity.createSession({
    sessionToken,
    userId,
    expires: new Date(ctx.now().getTime() + settings.sessionSeconds * 1000),
  });
  await ctx.db.query("insert into emu_session_logins (session_hash, login_method) values ($1, $2)", [
    sha256(sessionToken),
    JSON.stringify(method),
  ]);
  await updateProfile(ctx, userId, { lastActiveAt: ctx.now(), failedLogins: 0 });
  return sessionCookie(sessionToken, settings.sessionSeconds);
}

/** The Set-Cookie value of a browser session's cookie (HttpOnly), for `maxAgeSeconds`. */
export const sessionCookie = (token: string, maxAgeSeconds: number): string =>
  cookie(SESSION_COOKIE, token, maxAgeSeconds);

/** Ends the request's session; returns the Set-Cookie value that clears its cookie. */
export async function endSession(ctx: EmulatorContext, request: Request): Promise<string[]> {
  const token = browserSessionOf(request);
  if (token) await endBrowserSession(ctx, token);
  return [sessionCookie("", 0)];
}

/** The request's browser session token (its session cookie), if any. */
export const browserSessionOf = (request: Request): string | undefined => request.cookies[SESSION_COOKIE] || undefined;

/**
 * Ends a browser session by its token: the next visit to a hosted page asks for credentials again. The tokens a
 * rotation links to it end too (the one it replaced, still in its reuse window, and the one that replaced it), so a
 * logout also ends the cookie another tab still sends, and a refresh that raced it.
 */
export async function endBrowserSession(ctx: EmulatorContext, token: string): Promise<void> {
  const pending = [token];
  const ended = new Set<string>();
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (ended.has(current)) continue;
    ended.add(current);
    await ctx.identity.deleteSession(current);
    const { rows } = await ctx.db.query<{ replaces: string | null; replaced_by: string | null }>(
      "delete from emu_session_logins where session_hash = $1 returning replaces, replaced_by",
      [sha256(current)],
    );
    for (const linked of [rows[0]?.replaces, rows[0]?.replaced_by]) if (linked) pending.push(linked);
  }
}

/** The logged-in person of a request, or null (no cookie, an unknown or expired session, a disabled account). */
export async function currentPerson(ctx: EmulatorContext, request: Request): Promise<Person | null> {
  const token = request.cookies[SESSION_COOKIE];
  const found = token ? await ctx.identity.getSessionAndUser(token) : null;
  const person = found ? await getPerson(ctx, found.user.id) : null;
  return person?.enabled ? person : null;
}

/** How the request's session logged in; null for a session that predates the record (read as unknown). */
export async function sessionLoginMethod(ctx: EmulatorContext, request: Request): Promise<LoginMethod | null> {
  const { rows } = await ctx.db.query<{ login_method: LoginMethod }>(
    "select login_method from emu_session_logins where session_hash = $1",
    [sha256(request.cookies[SESSION_COOKIE] ?? "")],
  );
  return rows[0]?.login_method ?? null;
}

/** The logged-in person, or not_logged_in; with `confirmed`, also email_not_confirmed when the e-mail is unconfirmed. */
export async function requirePerson(
  ctx: EmulatorContext,
  request: Request,
  options: { confirmed: boolean },
): Promise<Person> {
  const person = await currentPerson(ctx, request);
  if (!person) throw notLoggedIn();
  if (options.confirmed && !person.emailConfirmed && (await ctx.settings()).requireEmailConfirmation)
    throw emailNotConfirmed();
  return person;
}

/** Starts the MFA step: a random token, stored hashed (with how the login began), carried by an HttpOnly cookie. */
export async function startMfaStep(ctx: EmulatorContext, userId: string, method: LoginMethod): Promise<string> {
  const token = randomToken();
  await ctx.db.query(
    "insert into emu_mfa_steps (token_hash, user_id, expires_at, login_method) values ($1, $2, $3, $4)",
    [sha256(token), userId, new Date(ctx.now().getTime() + MFA_STEP_SECONDS * 1000), JSON.stringify(method)],
  );
  return cookie(MFA_COOKIE, token, MFA_STEP_SECONDS);
}

/** The user id of the request's MFA step while it is valid, or null. */
export async function pendingMfaUser(ctx: EmulatorContext, request: Request): Promise<string | null> {
  return (await pendingMfaStep(ctx, request))?.userId ?? null;
}

/** The request's MFA step while it is valid (whose login, begun how), or null. */
export async function pendingMfaStep(
  ctx: EmulatorContext,
  request: Request,
): Promise<{ userId: string; method: LoginMethod } | null> {
  const token = request.cookies[MFA_COOKIE];
  if (!token) return null;
  const { rows } = await ctx.db.query<{ user_id: string; login_method: LoginMethod | null }>(
    "select user_id, login_method from emu_mfa_steps where token_hash = $1 and expires_at > $2",
    [sha256(token), ctx.now()],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, method: row.login_method ?? { login_method: "password" } } : null;
}

/**
 * Uses up the request's MFA step. Its cookie is left to expire (a reply sets one cookie only: Prism's proxy joins
 * several Set-Cookie headers into one, which no client reads back correctly).
 */
export async function finishMfaStep(ctx: EmulatorContext, request: Request): Promise<void> {
  await ctx.db.query("delete from emu_mfa_steps where token_hash = $1", [sha256(request.cookies[MFA_COOKIE] ?? "")]);
}
