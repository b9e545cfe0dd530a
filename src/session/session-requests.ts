/**
 * The two session calls: `GET /api/v1/refresh_token` with retries and its error mapping, and
 * `POST /api/v1/logout`. Both go through the transport's exchange on the environment's fetch and timers, with
 * credentials and a JSON content type (no CSRF header), one deadline per attempt, and the generated schemas
 * (loaded apart from the initial code; see `loadSessionValidators`).
 */
import type { LogoutResponse, RefreshTokenResponse } from "../generated/operations.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import { NO_RESPONSE_STATUS } from "../transport/errors.js";
import { exchange, ExchangeFailure, type ExchangeResult } from "../transport/exchange.js";
import { withTimeout } from "../transport/timeout.js";
import { toAuthInfo } from "./auth-info.js";
import { learnClockSkew, type ClockSkew } from "./clock-skew.js";
import type { AuthEnvironment } from "./environment.js";
import { LogoutError, REFRESH_NO_RESPONSE_STATUS, RefreshError, UNPROCESSABLE_AUTH_RESPONSE } from "./errors.js";
import type { EventEmitter, ValidationIssue } from "./events.js";
import type { ResolvedTiming } from "./options.js";
import type { AuthInfo } from "./types.js";

/**
 * What a session request needs, as a list (destructured into local names, which minify). `signal` aborts requests
 * and retry waits (on `destroy()`).
 */
export type SessionRequestContext = readonly [
  env: AuthEnvironment,
  authOrigin: string,
  timing: ResolvedTiming,
  emit: EventEmitter,
  signal: AbortSignal,
];

/** A completed refresh: the auth info (null = logged out) and the clock offset learned on the way. */
export type RefreshOutcome = readonly [authInfo: AuthInfo | null, skew: ClockSkew | null];

/** The schemas of the two session answers. */
type SessionValidators = typeof import("../generated/validators/session.js")["sessionValidators"];

let sessionValidators: Promise<SessionValidators> | undefined;

/**
 * The session's validators: one module, so one chunk in a code-split bundle that has no other operation's validators
 * (fetched in one round trip with zod, not a chunk whose shared imports the browser finds only once it arrived),
 * which the client starts loading when it is created; an answer that arrives first waits for it. A failed load is a
 * `RefreshError` (as if unanswered) and is tried again next time.
 */
export function loadSessionValidators(): Promise<SessionValidators> {
  sessionValidators ??= import("../generated/validators/session.js").then(
    (module) => module.sessionValidators,
    (cause: unknown) => {
      sessionValidators = undefined;
      throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network", undefined, { cause });
    },
  );
  return sessionValidators;
}

// With validation compiled out (an app's bundler defines the switch), the branches that load the validators are
// dead code the bundler drops, with their import() and its chunk: every answer is taken as it is.

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

function describeIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/**
 * One session request through the exchange: one deadline over the request, the body and the reading of the answer
 * (the wait for the validators too), redirects refused, credentials, JSON; `destroy()` aborts it (rejecting with
 * `AuthClientDestroyedError`). A request that gets no readable answer, or whose validators fail to load, fails with
 * a `RefreshError`.
 */
async function sessionRequest<T>(
  ctx: SessionRequestContext,
  path: string,
  method: "GET" | "POST",
  read: (answer: ExchangeResult) => Promise<T>,
): Promise<T> {
  const [env, authOrigin, timing, , signal] = ctx;
  try {
    return await exchange(
      (input, init) => env.fetch(input, init),
      authOrigin + path,
      { method, credentials: "include", headers: { "Content-Type": "application/json" } },
      [timing.timeoutMs, signal, env, () => env.now()],
      read,
    );
  } catch (error) {
    if (!(error instanceof ExchangeFailure)) throw error; // destroyed: the lifetime signal's reason
    // no readable answer (a timeout, a refused redirect, no response: a network or CORS failure): a RefreshError
    // with the exchange's message (a network failure's reads as an unprocessable answer's), the failure its cause
    const { kind } = error;
    throw new RefreshError(
      kind === "redirect" ? error.status : REFRESH_NO_RESPONSE_STATUS,
      kind === "network" ? UNPROCESSABLE_AUTH_RESPONSE : error.message,
      kind,
      undefined,
      { cause: error },
    );
  }
}

/** One refresh attempt: 200 → auth info, 401 → null, anything else → `RefreshError`. */
function refreshOnce(ctx: SessionRequestContext, activeOrgId: string | null): Promise<RefreshOutcome> {
  const query = activeOrgId === null ? "" : `?${new URLSearchParams({ active_org_id: activeOrgId })}`;
  const [env, , , emit] = ctx;
  return sessionRequest(
    ctx,
    `/api/v1/refresh_token${query}`,
    "GET",
    async ([status, statusText, headers, text, retryAfterMs]) => {
      const receivedAt = env.now();
      if (status === 401) return [null, null];
      if (status === NO_RESPONSE_STATUS)
        throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network");
      if (status < 200 || status >= 300) {
        throw new RefreshError(status, statusText, "http", retryAfterMs);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (cause) {
        throw new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
      }
      const parsed =
        (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
          ? { success: true as const, data: body as RefreshTokenResponse }
          : (await loadSessionValidators()).refresh.safeParse(body);
      const unprocessable = (issues: ValidationIssue[], cause?: unknown) => {
        emit({ type: "validation_failed", operation: "refresh_token", issues });
        return new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
      };
      if (!parsed.success) throw unprocessable(describeIssues(parsed.error.issues), parsed.error);
      try {
        const authInfo = toAuthInfo(parsed.data); // with validation compiled out, any shape reaches the mapping
        return [authInfo, learnClockSkew(headers.get("Date"), authInfo.accessToken, receivedAt)];
      } catch (error) {
        throw unprocessable([{ path: "", message: `${error}` }], error);
      }
    },
  );
}

/**
 * A refresh with retries (100/200/300 ms by default, never sooner than a `Retry-After`); a 401 is an
 * answer, never retried.
 */
export async function refreshWithRetries(
  ctx: SessionRequestContext,
  activeOrgId: string | null,
): Promise<RefreshOutcome> {
  const [env, , { retryDelaysMs, maxRetryAfterMs }, emit, signal] = ctx;
  for (let attempt = 0; ; attempt++) {
    try {
      return await refreshOnce(ctx, activeOrgId);
    } catch (error) {
      const configured = retryDelaysMs[attempt];
      // no retries left, or the server's Retry-After asks for longer than maxRetryAfterMs (the background check
      // tries again later); else the configured wait, or longer when Retry-After asks for more
      if (!(error instanceof RefreshError) || configured === undefined || (error.retryAfterMs ?? 0) > maxRetryAfterMs)
        throw error;
      const delayMs = Math.max(configured, error.retryAfterMs ?? 0);
      emit({ type: "refresh_retry", attempt: attempt + 1, delayMs, status: error.status });
      // the wait: a deadline waited out, which the client's destroy() ends with its reason (clearing the timer)
      const wait = withTimeout(delayMs, signal, env);
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
  try {
    return await sessionRequest(ctx, "/api/v1/logout", "POST", async ([status, statusText, , text]) => {
      if (status < 200 || status >= 300) throw new LogoutError(status, statusText);
      let body: unknown; // an unreadable body is one that does not match the schema
      try {
        body = JSON.parse(text);
      } catch {}
      const parsed =
        (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
          ? { success: true as const, data: body as LogoutResponse }
          : (await loadSessionValidators()).logout.safeParse(body);
      if (!parsed.success) {
        ctx[3]({ type: "validation_failed", operation: "logout", issues: describeIssues(parsed.error.issues) });
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
