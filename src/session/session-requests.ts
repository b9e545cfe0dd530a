/**
 * The two session calls: `GET /api/v1/refresh_token` with retries and its error mapping, and
 * `POST /api/v1/logout`. Both go straight through the environment's fetch with credentials and a JSON
 * content type (no CSRF header), a per-attempt timeout, and validation by the generated schemas.
 */
import { LogoutResponseSchema, RefreshTokenResponseSchema } from "../generated/zod.js";
import { toAuthInfo } from "./auth-info.js";
import { learnClockSkew, type ClockSkew } from "./clock-skew.js";
import type { AuthEnvironment } from "./environment.js";
import { LogoutError, RefreshError, UNPROCESSABLE_AUTH_RESPONSE } from "./errors.js";
import type { EventEmitter, ValidationIssue } from "./events.js";
import type { ResolvedTiming } from "./options.js";
import type { AuthInfo } from "./types.js";

/** What a session request needs. `signal` aborts requests and retry waits (on `destroy()`). */
export interface SessionRequestContext {
  env: AuthEnvironment;
  authOrigin: string;
  timing: ResolvedTiming;
  emit: EventEmitter;
  signal: AbortSignal;
}

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

/** Performs one request with a timeout; maps network failures and timeouts to `RefreshError`s. */
async function requestWithTimeout(ctx: SessionRequestContext, url: string, method: "GET" | "POST"): Promise<Response> {
  const controller = new AbortController();
  const abortFromParent = () => controller.abort(ctx.signal.reason);
  ctx.signal.addEventListener("abort", abortFromParent, { once: true });
  let timedOut = false;
  const timer = ctx.env.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ctx.timing.requestTimeoutMs);
  try {
    return await ctx.env.fetch(url, {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      signal: controller.signal,
    });
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    if (timedOut) throw new RefreshError(503, "Authentication request timed out", "timeout");
    // Status 0: a network or CORS failure.
    throw new RefreshError(503, UNPROCESSABLE_AUTH_RESPONSE, "network");
  } finally {
    ctx.env.clearTimeout(timer);
    ctx.signal.removeEventListener("abort", abortFromParent);
  }
}

/** One refresh attempt: 200 → auth info, 401 → null, anything else → `RefreshError`. */
export async function refreshOnce(ctx: SessionRequestContext, activeOrgId: string | null): Promise<RefreshOutcome> {
  const url = new URL("/api/v1/refresh_token", ctx.authOrigin);
  if (activeOrgId !== null) url.searchParams.set("active_org_id", activeOrgId);
  const response = await requestWithTimeout(ctx, url.href, "GET");
  const receivedAt = ctx.env.now();
  if (response.status === 401) return { authInfo: null, skew: null };
  if (response.status === 0) throw new RefreshError(503, UNPROCESSABLE_AUTH_RESPONSE, "network");
  if (!response.ok) throw new RefreshError(response.status, response.statusText, "http");
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse");
  }
  const parsed = RefreshTokenResponseSchema.safeParse(body);
  if (!parsed.success) {
    ctx.emit({ type: "validation_failed", operation: "refresh_token", issues: describeIssues(parsed.error.issues) });
    throw new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse");
  }
  const authInfo = toAuthInfo(parsed.data);
  const skew = learnClockSkew(response.headers.get("Date"), authInfo.accessToken, receivedAt);
  return { authInfo, skew };
}

/** A refresh with retries (100/200/300 ms by default); a 401 is an answer, never retried. */
export async function refreshWithRetries(
  ctx: SessionRequestContext,
  activeOrgId: string | null,
): Promise<RefreshOutcome> {
  const delays = ctx.timing.retryDelaysMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await refreshOnce(ctx, activeOrgId);
    } catch (error) {
      const delayMs = delays[attempt];
      if (!(error instanceof RefreshError) || delayMs === undefined) throw error;
      ctx.emit({ type: "refresh_retry", attempt: attempt + 1, delayMs, status: error.status });
      await sleep(ctx.env, delayMs, ctx.signal);
    }
  }
}

/** `POST /api/v1/logout` (not retried). Resolves with the server's `redirect_to` (null when absent or invalid). */
export async function logoutRequest(ctx: SessionRequestContext): Promise<string | null> {
  let response: Response;
  try {
    response = await requestWithTimeout(ctx, new URL("/api/v1/logout", ctx.authOrigin).href, "POST");
  } catch (error) {
    if (error instanceof RefreshError) throw new LogoutError(0, error.message);
    throw error;
  }
  if (!response.ok) throw new LogoutError(response.status, response.statusText);
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = LogoutResponseSchema.safeParse(body);
  if (!parsed.success) {
    ctx.emit({ type: "validation_failed", operation: "logout", issues: describeIssues(parsed.error.issues) });
    return null;
  }
  return parsed.data.redirect_to;
}
