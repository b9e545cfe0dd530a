/**
 * The session calls past the first attempt, in the engine's chunk: the refresh with its retries and the clock offset
 * learned from its answer, and `POST /api/v1/logout`. Both go through the first load's request (refresh-request.ts,
 * handed over as `ctx.lib`): one exchange per attempt, one deadline each, the session's validators.
 */
import type { LogoutResponse } from "../generated/operations.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import { learnClockSkew, type ClockSkew } from "./clock-skew.js";
import type { EngineLibrary } from "./engine-library.js";
import type { RefreshAnswer, SessionRequestContext as FirstLoadContext } from "./refresh-request.js";
import type { AuthInfo } from "./types.js";

/** What a session request of the engine needs: the first load's context and its library. */
export interface SessionRequestContext extends FirstLoadContext {
  lib: EngineLibrary;
}

/** A completed refresh: the auth info (null = logged out) and the clock offset learned on the way. */
export interface RefreshOutcome {
  authInfo: AuthInfo | null;
  skew: ClockSkew | null;
}

/**
 * A refresh with retries (100/200/300 ms by default, never sooner than a `Retry-After`); a 401 is an answer, never
 * retried. `firstAttempt`: the first request when it is already out (the first load sent it).
 */
export async function refreshWithRetries(
  ctx: SessionRequestContext,
  activeOrgId: string | null,
  firstAttempt?: Promise<RefreshAnswer>,
): Promise<RefreshOutcome> {
  const { lib } = ctx;
  for (let attempt = 0; ; attempt++) {
    try {
      const { authInfo, date, receivedAt } = await ((attempt === 0 && firstAttempt) ||
        lib.refreshOnce(ctx, activeOrgId));
      if (!authInfo) return { authInfo, skew: null };
      try {
        // a token that is no string fails here: the answer is unprocessable (validation compiled out)
        return { authInfo, skew: learnClockSkew(date, authInfo.accessToken, receivedAt) };
      } catch (error) {
        throw lib.unprocessable(ctx, [{ path: "", message: `${error}` }], error);
      }
    } catch (error) {
      const { retryDelaysMs, maxRetryAfterMs } = ctx.timing;
      const configured = retryDelaysMs[attempt];
      // no retries left, or the server's Retry-After asks for longer than maxRetryAfterMs (the background check
      // tries again later); else the configured wait, or longer when Retry-After asks for more
      if (
        !(error instanceof lib.RefreshError) ||
        configured === undefined ||
        (error.retryAfterMs ?? 0) > maxRetryAfterMs
      )
        throw error;
      const delayMs = Math.max(configured, error.retryAfterMs ?? 0);
      ctx.emit({ type: "refresh_retry", attempt: attempt + 1, delayMs, status: error.status });
      // the wait: a deadline waited out, which the client's destroy() ends with its reason (clearing the timer)
      const wait = lib.withTimeout(delayMs, ctx.signal, ctx.env);
      try {
        await wait.race(new Promise(() => undefined));
      } catch (reason) {
        if (!wait.timedOut()) throw reason;
      } finally {
        wait.dispose();
      }
    }
  }
}

/** `POST /api/v1/logout` (not retried). Resolves with the server's `redirect_to` (null when absent or invalid). */
export async function logoutRequest(ctx: SessionRequestContext): Promise<string | null> {
  const { lib } = ctx;
  try {
    return await lib.sessionRequest(ctx, "/api/v1/logout", "POST", async (response) => {
      if (response.status < 200 || response.status >= 300)
        throw new lib.LogoutError(response.status, response.statusText);
      let body: unknown; // an unreadable body is one that does not match the schema
      try {
        body = JSON.parse(response.text);
      } catch {}
      const parsed =
        (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
          ? { success: true as const, data: body as LogoutResponse }
          : (await lib.loadSessionValidators()).logout.safeParse(body);
      if (!parsed.success) {
        ctx.emit({ type: "validation_failed", operation: "logout", issues: lib.describeIssues(parsed.error.issues) });
        return null;
      }
      const target: unknown = parsed.data?.redirect_to; // validation compiled out: any shape
      return typeof target === "string" ? target : null;
    });
  } catch (error) {
    if (error instanceof lib.RefreshError)
      throw new lib.LogoutError(error.kind === "redirect" ? error.status : lib.NO_RESPONSE_STATUS, error.message, {
        cause: error.cause,
      });
    throw error;
  }
}
