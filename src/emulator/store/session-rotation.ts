/**
 * The browser session's cookie is rotated on every refresh (`GET /api/v1/refresh_token`): a new token for the same
 * session (same user, login method and expiry), the old one cut to a short reuse window. Tabs of one browser refresh
 * on their own timers and may send the same cookie at once; the first refresh rotates it, the others, inside the
 * window, get their answer without a new cookie (the browser keeps the one the first set).
 */
import { sha256, randomToken } from "../tokens/secrets.js";
import type { EmulatorContext } from "./context.js";
import type { LoginMethod } from "./login-methods.js";
import { browserSessionOf, endBrowserSession, sessionCookie } from "./sessions.js";
import type { Request } from "../http/http.js";

/** How long a replaced session cookie keeps working after its rotation (the emulator's choice). */
export const SESSION_REUSE_SECONDS = 30;

/**
 * Rotates the request's session cookie; returns the Set-Cookie value of the new one, or nothing when the cookie was
 * rotated already (a parallel refresh won), predates rotation, or its session ended meanwhile.
 */
export async function rotateSessionCookie(ctx: EmulatorContext, request: Request): Promise<string[]> {
  const token = browserSessionOf(request);
  const found = token ? await ctx.identity.getSessionAndUser(token) : null;
  if (!token || !found) return [];
  const now = ctx.now();
  const next = randomToken();
  // One statement claims the rotation, so of parallel refreshes (in one process or several) exactly one rotates.
  const { rows } = await ctx.db.query<{ login_method: LoginMethod }>(
    `update emu_session_logins set rotated_at = $2, replaced_by = $3
     where session_hash = $1 and rotated_at is null returning login_method`,
    [sha256(token), now, next],
  );
  const method = rows[0]?.login_method;
  if (method === undefined) return [];
  const { expires } = found.session;
  await ctx.identity.createSession({ sessionToken: next, userId: found.user.id, expires });
  await ctx.db.query("insert into emu_session_logins (session_hash, login_method, replaces) values ($1, $2, $3)", [
    sha256(next),
    JSON.stringify(method),
    token,
  ]);
  // The app servers' sessions started from this browser session follow it (their logout ends the browser's).
  await ctx.db.query("update emu_ssr_sessions set browser_session = $2 where browser_session = $1", [token, next]);
  await ctx.db.query("update emu_ssr_codes set browser_session = $2 where browser_session = $1", [token, next]);
  const reuseEnds = new Date(Math.min(expires.getTime(), now.getTime() + SESSION_REUSE_SECONDS * 1000));
  await ctx.identity.updateSession({ sessionToken: token, expires: reuseEnds });
  // Links of cookies past their window are no longer needed to end anything.
  await ctx.db.query("delete from emu_session_logins where rotated_at < $1", [
    new Date(now.getTime() - SESSION_REUSE_SECONDS * 1000),
  ]);
  // A logout that ended the old cookie while this ran, before the new one was linked to it, ends the new one too.
  if (!(await ctx.identity.getSessionAndUser(token))) {
    await endBrowserSession(ctx, next);
    return [];
  }
  return [sessionCookie(next, Math.max(0, Math.ceil((expires.getTime() - now.getTime()) / 1000)))];
}
