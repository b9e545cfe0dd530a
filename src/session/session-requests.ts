/**
 * The session calls' reading and what follows the first attempt, in the engine's chunk: a refresh answer read (its
 * status, the session's validators, the auth info, the clock offset), the refresh with its retries, and
 * `POST /api/v1/logout`. The requests go through the first load's exchange (refresh-request.ts, handed over as
 * `ctx.lib`): one per attempt, one deadline each. The session's validators are in this chunk: the engine's `import()`
 * brings them, with validation compiled out nothing (the bundler drops the branches that read them).
 */
import type { LogoutResponse, RefreshTokenResponse } from "../generated/operations.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import type { ExchangeResult } from "../transport/exchange.js";
import { learnClockSkew, type ClockSkew } from "./clock-skew.js";
import type { ValidationIssue } from "./events.js";
import type { SessionRequestContext } from "./refresh-request.js";
import type { AuthInfo } from "./types.js";

export type { SessionRequestContext } from "./refresh-request.js";

/** A completed refresh: the auth info (null = logged out) and the clock offset learned on the way. */
export interface RefreshOutcome {
  authInfo: AuthInfo | null;
  skew: ClockSkew | null;
}

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

function describeIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/**
 * A refresh answer other than a 401 read (the first load reads a 401): 200 → auth info, anything else →
 * `RefreshError`; `receivedAt`, when it arrived (the clock offset is learned as of then).
 */
export async function readRefresh(
  ctx: SessionRequestContext,
  response: ExchangeResult,
  receivedAt: number,
): Promise<RefreshOutcome> {
  const [
    ,
    RefreshError,
    ,
    NO_RESPONSE_STATUS,
    REFRESH_NO_RESPONSE_STATUS,
    UNPROCESSABLE_AUTH_RESPONSE,
    ,
    ,
    toAuthInfo,
  ] = ctx.lib;
  if (response.status === NO_RESPONSE_STATUS)
    throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network");
  if (response.status < 200 || response.status >= 300) {
    throw new RefreshError(response.status, response.statusText, "http", response.retryAfterMs);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch (cause) {
    throw new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
  }
  // with validation compiled out (an app's bundler defines the switch) this branch and the checks are dropped
  const parsed =
    (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
      ? { success: true as const, data: body as RefreshTokenResponse }
      : (await ctx.lib[12]!()).refresh.safeParse(body); // the library's loadSessionValidators
  const unprocessable = (issues: ValidationIssue[], cause?: unknown) => {
    ctx.emit({ type: "validation_failed", operation: "refresh_token", issues });
    return new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
  };
  if (!parsed.success) throw unprocessable(describeIssues(parsed.error.issues), parsed.error);
  try {
    const authInfo = toAuthInfo(parsed.data); // with validation compiled out, any shape reaches the mapping
    return { authInfo, skew: learnClockSkew(response.headers.get("Date"), authInfo.accessToken, receivedAt) };
  } catch (error) {
    throw unprocessable([{ path: "", message: `${error}` }], error);
  }
}

/**
 * A refresh with retries (100/200/300 ms by default, never sooner than a `Retry-After`); a 401 is an answer, never
 * retried. `firstAttempt`: the first request when it is already out (the first load sent it).
 */
export async function refreshWithRetries(
  ctx: SessionRequestContext,
  activeOrgId: string | null,
  firstAttempt?: Promise<RefreshOutcome>,
): Promise<RefreshOutcome> {
  const [, RefreshError, , , , , , , , refreshOnce, , withTimeout] = ctx.lib;
  for (let attempt = 0; ; attempt++) {
    try {
      return await ((attempt === 0 && firstAttempt) || refreshOnce(ctx, activeOrgId));
    } catch (error) {
      const { retryDelaysMs, maxRetryAfterMs } = ctx.timing;
      const configured = retryDelaysMs[attempt];
      // no retries left, or the server's Retry-After asks for longer than maxRetryAfterMs (the background check
      // tries again later); else the configured wait, or longer when Retry-After asks for more
      if (!(error instanceof RefreshError) || configured === undefined || (error.retryAfterMs ?? 0) > maxRetryAfterMs)
        throw error;
      const delayMs = Math.max(configured, error.retryAfterMs ?? 0);
      ctx.emit({ type: "refresh_retry", attempt: attempt + 1, delayMs, status: error.status });
      // the wait: a deadline waited out, which the client's destroy() ends with its reason (clearing the timer)
      const wait = withTimeout(delayMs, ctx.signal, ctx.env);
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
  const [, RefreshError, LogoutError, NO_RESPONSE_STATUS, , , , , , , sessionRequest] = ctx.lib;
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
          : (await ctx.lib[12]!()).logout.safeParse(body); // the library's loadSessionValidators
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
