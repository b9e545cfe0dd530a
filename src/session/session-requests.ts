/**
 * The session calls past the first attempt, in the engine's chunk: the refresh with its retries (and the clock
 * offset learned from its answer), and `POST /api/v1/logout`. Both go through the first load's request
 * (refresh-request.ts): one exchange per attempt, one deadline each, the generated schemas.
 */
import type { LogoutResponse } from "../generated/operations.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import { learnClockSkew, type ClockSkew } from "./clock-skew.js";
import type { EngineLibrary } from "./engine-library.js";
import type { AuthEnvironment } from "./environment.js";
import type { RefreshError } from "./errors.js";
import type { ResolvedTiming } from "./options.js";
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

/** Resolves after `ms`, or rejects as soon as `signal` aborts (clearing its timer). */
function sleep(env: AuthEnvironment, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      env.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = env.setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The wait before retry `attempt` (0-based): the configured delay, or longer when the server's `Retry-After`
 * asks for more. Undefined means "do not retry": no retries left, or the server asked for longer than
 * `maxRetryAfterMs` (the background check tries again later).
 */
function retryDelay(timing: ResolvedTiming, attempt: number, error: RefreshError): number | undefined {
  const configured = timing.retryDelaysMs[attempt];
  if (configured === undefined) return undefined;
  if (error.retryAfterMs === undefined) return configured;
  return error.retryAfterMs > timing.maxRetryAfterMs ? undefined : Math.max(configured, error.retryAfterMs);
}

/**
 * A refresh with retries (100/200/300 ms by default, never sooner than a `Retry-After`); a 401 is an
 * answer, never retried. `firstAttempt`: the first attempt when it is already under way (the first load sent it).
 */
export async function refreshWithRetries(
  ctx: SessionRequestContext,
  activeOrgId: string | null,
  firstAttempt?: Promise<RefreshAnswer>,
): Promise<RefreshOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { authInfo, date, receivedAt } = await (attempt === 0 && firstAttempt
        ? firstAttempt
        : ctx.lib.refreshOnce(ctx, activeOrgId));
      return { authInfo, skew: authInfo && learnClockSkew(date, authInfo.accessToken, receivedAt) };
    } catch (error) {
      if (!(error instanceof ctx.lib.RefreshError)) throw error;
      const delayMs = retryDelay(ctx.timing, attempt, error);
      if (delayMs === undefined) throw error;
      ctx.emit({ type: "refresh_retry", attempt: attempt + 1, delayMs, status: error.status });
      await sleep(ctx.env, delayMs, ctx.signal);
    }
  }
}

/** `POST /api/v1/logout` (not retried). Resolves with the server's `redirect_to` (null when absent or invalid). */
export async function logoutRequest(ctx: SessionRequestContext): Promise<string | null> {
  const { LogoutError, NO_RESPONSE_STATUS, RefreshError, describeIssues, sessionRequest, validatorsForAnswer } =
    ctx.lib;
  try {
    return await sessionRequest(ctx, "/api/v1/logout", "POST", async (response) => {
      if (response.status < 200 || response.status >= 300) throw new LogoutError(response.status, response.statusText);
      let body: unknown; // an unreadable body is one that does not match the schema
      try {
        body = JSON.parse(response.text);
      } catch {}
      const parsed =
        (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
          ? { success: true as const, data: body as LogoutResponse }
          : (await validatorsForAnswer()).logout.safeParse(body);
      if (!parsed.success) {
        ctx.emit({ type: "validation_failed", operation: "logout", issues: describeIssues(parsed.error.issues) });
        return null;
      }
      const target: unknown = parsed.data?.redirect_to; // validation compiled out: any shape
      return typeof target === "string" ? target : null;
    });
  } catch (error) {
    if (error instanceof RefreshError)
      throw new LogoutError(error.kind === "redirect" ? error.status : NO_RESPONSE_STATUS, error.message, {
        cause: error.cause,
      });
    throw error;
  }
}
