import type { EmulatorContext } from "./context.js";
import type { LoginMethod } from "./login-methods.js";
import { endBrowserSession } from "./sessions.js";
import { newId, randomToken, sha256 } from "../tokens/secrets.js";

/**
 * The server-side session (an app's server holds its tokens in the app's own cookies): the one-time codes the hosted
 * login hands to the app's redirect URI, the sessions they start and their refresh tokens. Everything lives in the
 * database, so every process on one PostgreSQL shares it. Secrets are stored hashed.
 */

/** How long a code from the hosted login may wait for its exchange (the emulator's choice). */
export const SSR_CODE_SECONDS = 60;

/** Who a code or a session belongs to, and the browser session on the auth host it came from. */
export interface SsrLogin {
  userId: string;
  /** The auth host's own session (its cookie); logging the server-side session out ends it too. */
  browserSession: string;
  loginMethod: LoginMethod | null;
}

const later = (ctx: EmulatorContext, seconds: number): Date => new Date(ctx.now().getTime() + seconds * 1000);

/** Issues a one-time code for a signed-in browser, bound to `redirectUri`; short-lived (SSR_CODE_SECONDS). */
export async function issueSsrCode(ctx: EmulatorContext, login: SsrLogin, redirectUri: string): Promise<string> {
  const code = randomToken();
  await ctx.db.query(
    "insert into emu_ssr_codes (code_hash, user_id, redirect_uri, browser_session, login_method, expires_at) values ($1, $2, $3, $4, $5, $6)",
    [
      sha256(code),
      login.userId,
      redirectUri,
      login.browserSession,
      JSON.stringify(login.loginMethod),
      later(ctx, SSR_CODE_SECONDS),
    ],
  );
  return code;
}

/**
 * Uses up a code: it is deleted whatever happens next (single use, even a failed attempt), so two exchanges of one
 * code (in one process or two) cannot both succeed. Null when unknown, used, expired or issued for another URI.
 */
export async function redeemSsrCode(ctx: EmulatorContext, code: string, redirectUri: string): Promise<SsrLogin | null> {
  const { rows } = await ctx.db.query<{
    user_id: string;
    redirect_uri: string;
    browser_session: string;
    login_method: LoginMethod | null;
    expires_at: Date;
  }>(
    "delete from emu_ssr_codes where code_hash = $1 returning user_id, redirect_uri, browser_session, login_method, expires_at",
    [sha256(code)],
  );
  const row = rows[0];
  if (!row || row.redirect_uri !== redirectUri || new Date(row.expires_at) <= ctx.now()) return null;
  return { userId: row.user_id, browserSession: row.browser_session, loginMethod: row.login_method };
}

/** Starts a server-side session (as long as a browser session, `sessionSeconds`); returns its first refresh token. */
export async function startSsrSession(ctx: EmulatorContext, login: SsrLogin): Promise<string> {
  const id = newId();
  await ctx.db.query(
    "insert into emu_ssr_sessions (id, user_id, browser_session, login_method, expires_at) values ($1, $2, $3, $4, $5)",
    [
      id,
      login.userId,
      login.browserSession,
      JSON.stringify(login.loginMethod),
      later(ctx, (await ctx.settings()).sessionSeconds),
    ],
  );
  return addRefreshToken(ctx, id);
}

/**
 * Rotates a refresh token: a new one for its session, the old one marked rotated. A token rotated less than
 * `refreshTokenReuseSeconds` ago still works (each use gets a new token), so parallel refreshes of one session all
 * succeed; after that (at once when the setting is 0), or once the session ended or expired, it is refused (null).
 */
export async function rotateRefreshToken(
  ctx: EmulatorContext,
  token: string,
): Promise<{ login: SsrLogin; refreshToken: string } | null> {
  const now = ctx.now();
  const reuseSeconds = (await ctx.settings()).refreshTokenReuseSeconds;
  const { rows } = await ctx.db.query<{
    id: string;
    user_id: string;
    browser_session: string;
    login_method: LoginMethod | null;
  }>(
    `update emu_refresh_tokens t set rotated_at = coalesce(t.rotated_at, $2)
     from emu_ssr_sessions s
     where t.token_hash = $1 and s.id = t.session_id and s.expires_at > $2
       and (t.rotated_at is null or ($4 and t.rotated_at > $3))
     returning s.id, s.user_id, s.browser_session, s.login_method`,
    [sha256(token), now, new Date(now.getTime() - reuseSeconds * 1000), reuseSeconds > 0],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    login: { userId: row.user_id, browserSession: row.browser_session, loginMethod: row.login_method },
    refreshToken: await addRefreshToken(ctx, row.id),
  };
}

/** The sign-in of a live refresh token, without using it up (null when it would be refused). */
export async function peekRefreshToken(ctx: EmulatorContext, token: string): Promise<SsrLogin | null> {
  const now = ctx.now();
  const reuseSeconds = (await ctx.settings()).refreshTokenReuseSeconds;
  const { rows } = await ctx.db.query<{ user_id: string; browser_session: string; login_method: LoginMethod | null }>(
    `select s.user_id, s.browser_session, s.login_method from emu_refresh_tokens t
     join emu_ssr_sessions s on s.id = t.session_id
     where t.token_hash = $1 and s.expires_at > $2 and (t.rotated_at is null or ($4 and t.rotated_at > $3))`,
    [sha256(token), now, new Date(now.getTime() - reuseSeconds * 1000), reuseSeconds > 0],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, browserSession: row.browser_session, loginMethod: row.login_method } : null;
}

/**
 * Ends the server-side session a refresh token belongs to (rotated or not), every other server-side session of the
 * same sign-in, and the browser session on the auth host, so the next login asks for credentials. An unknown token
 * ends nothing.
 */
export async function endSsrSession(ctx: EmulatorContext, token: string): Promise<void> {
  const { rows } = await ctx.db.query<{ browser_session: string }>(
    `select s.browser_session from emu_refresh_tokens t join emu_ssr_sessions s on s.id = t.session_id
     where t.token_hash = $1`,
    [sha256(token)],
  );
  const browserSession = rows[0]?.browser_session;
  if (browserSession === undefined) return;
  await ctx.db.query("delete from emu_ssr_sessions where browser_session = $1", [browserSession]);
  await ctx.db.query("delete from emu_ssr_codes where browser_session = $1", [browserSession]);
  await endBrowserSession(ctx, browserSession);
}

async function addRefreshToken(ctx: EmulatorContext, sessionId: string): Promise<string> {
  const token = randomToken();
  await ctx.db.query("insert into emu_refresh_tokens (token_hash, session_id) values ($1, $2)", [
    sha256(token),
    sessionId,
  ]);
  return token;
}
