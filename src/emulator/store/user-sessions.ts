import type { EmulatorContext } from "./context.js";
import type { LoginMethod } from "./login-methods.js";
import { endBrowserSession } from "./sessions.js";
import { sha256 } from "../tokens/secrets.js";

/** A user's sign-in as the admin sees it: named by the hash of its token (the token itself stays a secret). */
export interface UserSession {
  id: string;
  expiresAt: Date;
  loginMethod: LoginMethod | null;
  /** Server-side sessions (an app's server holding refresh tokens) started from this sign-in. */
  serverSessions: number;
}

/** The browser session tokens of a user that have not expired. */
async function sessionTokens(ctx: EmulatorContext, userId: string): Promise<{ token: string; expires: Date }[]> {
  const { rows } = await ctx.db.query<{ session_token: string; expires: Date }>(
    "select session_token, expires from sessions where user_id = $1 and expires > $2 order by expires desc",
    [userId, ctx.now()],
  );
  return rows.map((r) => ({ token: r.session_token, expires: new Date(r.expires) }));
}

/**
 * A user's live sessions, newest first. A cookie replaced by a rotation (still honoured for its reuse window) is the
 * same sign-in as its successor, so it is not listed on its own; ending the successor ends it too.
 */
export async function sessionsOf(ctx: EmulatorContext, userId: string): Promise<UserSession[]> {
  const sessions: UserSession[] = [];
  for (const { token, expires } of await sessionTokens(ctx, userId)) {
    const { rows: logins } = await ctx.db.query<{ login_method: LoginMethod; rotated_at: Date | null }>(
      "select login_method, rotated_at from emu_session_logins where session_hash = $1",
      [sha256(token)],
    );
    if (logins[0]?.rotated_at) continue;
    const { rows: servers } = await ctx.db.query<{ n: number }>(
      "select count(*)::int as n from emu_ssr_sessions where browser_session = $1 and expires_at > $2",
      [token, ctx.now()],
    );
    sessions.push({
      id: sha256(token),
      expiresAt: expires,
      loginMethod: logins[0]?.login_method ?? null,
      serverSessions: servers[0]?.n ?? 0,
    });
  }
  return sessions;
}

/**
 * Ends a user's sessions (the one whose id is `sessionId`, or all of them): the browser session and the server-side
 * sessions and codes started from it, so the user's next request needs a new login. Returns how many ended.
 */
export async function endSessionsOf(ctx: EmulatorContext, userId: string, sessionId?: string): Promise<number> {
  const ended = (await sessionTokens(ctx, userId)).filter(
    ({ token }) => sessionId === undefined || sha256(token) === sessionId,
  );
  for (const { token } of ended) {
    await ctx.db.query("delete from emu_ssr_sessions where browser_session = $1", [token]);
    await ctx.db.query("delete from emu_ssr_codes where browser_session = $1", [token]);
    await endBrowserSession(ctx, token);
  }
  return ended.length;
}
