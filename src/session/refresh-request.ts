/**
 * One refresh request of the first load: `GET /api/v1/refresh_token` through the transport's exchange (one deadline,
 * redirects refused, credentials, JSON) and its answer read: 200 → auth info, 401 → null, anything else a
 * `RefreshError`. The session's validators are loaded apart from the initial code (see `loadSessionValidators`).
 * Retries, clock skew and logout arrive later (session-requests.ts, in the engine's chunk).
 */
import type { RefreshTokenResponse } from "../generated/operations.js";
import type { ValidationSwitch } from "../generated/zod/compile-out-switch.js";
import { NO_RESPONSE_STATUS } from "../transport/errors.js";
import { exchange, ExchangeFailure, type ExchangeResult } from "../transport/exchange.js";
import { toAuthInfo } from "./auth-info.js";
import type { AuthEnvironment } from "./environment.js";
import { REFRESH_NO_RESPONSE_STATUS, RefreshError, UNPROCESSABLE_AUTH_RESPONSE } from "./errors.js";
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

/** One answered refresh: the auth info (null = logged out), the answer's `Date` header and when it arrived. */
export interface RefreshAnswer {
  authInfo: AuthInfo | null;
  date: string | null;
  receivedAt: number;
}

/** The schemas of the two session answers. */
export interface SessionValidators {
  refresh: typeof import("../generated/validators/refreshToken.js")["validators"]["responses"][200];
  logout: typeof import("../generated/validators/logout.js")["validators"]["responses"][200];
}

let sessionValidators: Promise<SessionValidators> | undefined;

/**
 * The session's validators: their modules are a chunk of their own in a code-split bundle, which the client starts
 * loading when it is created; an answer that arrives first waits for it. A failed load is tried again next time.
 */
function loadSessionValidators(): Promise<SessionValidators> {
  sessionValidators ??= Promise.all([
    import("../generated/validators/refreshToken.js"),
    import("../generated/validators/logout.js"),
  ]).then(
    ([refresh, logout]) => ({ refresh: refresh.validators.responses[200], logout: logout.validators.responses[200] }),
    (error: unknown) => {
      sessionValidators = undefined;
      throw error;
    },
  );
  return sessionValidators;
}

// With validation compiled out (an app's bundler defines the switch), the branches that load the validators are
// dead code the bundler drops, with their import() and its chunk: every answer is taken as it is.

/** Starts loading the session's validators now; a failed load is seen (and tried again) by the request that needs them. */
export function preloadSessionValidators(): void {
  if ((globalThis as ValidationSwitch).ORGAUTH_VALIDATION !== "off") loadSessionValidators().catch(() => undefined);
}

interface ZodIssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** A validator's issues as events carry them: path and message, never the value. */
export function describeIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** The session's validators for an answer being read; a failed load is a `RefreshError` (as if unanswered). */
export function validatorsForAnswer(): Promise<SessionValidators> {
  return loadSessionValidators().catch((cause: unknown) => {
    throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network", undefined, { cause });
  });
}

/**
 * One session request through the exchange: one deadline over the request, the body and the reading of the answer
 * (the wait for the validators too), redirects refused, credentials, JSON; `destroy()` aborts it (rejecting with
 * `AuthClientDestroyedError`). A request that gets no readable answer, or whose validators fail to load, fails with
 * a `RefreshError`.
 */
export async function sessionRequest<T>(
  ctx: SessionRequestContext,
  path: string,
  method: "GET" | "POST",
  read: (answer: ExchangeResult) => Promise<T>,
): Promise<T> {
  const { env, signal } = ctx;
  try {
    return await exchange(
      (input, init) => env.fetch(input, init),
      ctx.authOrigin + path,
      { method, credentials: "include", headers: { "Content-Type": "application/json" } },
      { timeoutMs: ctx.timing.timeoutMs, signal, timers: env, now: () => env.now() },
      read,
    );
  } catch (error) {
    throw error instanceof ExchangeFailure ? refreshErrorOf(error) : error; // else destroyed: the lifetime signal's reason
  }
}

/**
 * The `RefreshError` for an exchange that produced no readable answer (a timeout, a refused redirect, or no response:
 * a network or CORS failure); the exchange's failure is its cause.
 */
function refreshErrorOf(error: ExchangeFailure): RefreshError {
  const { kind } = error;
  const message =
    kind === "timeout"
      ? "Authentication request timed out"
      : kind === "redirect"
        ? "Authentication request was redirected; redirects are not followed"
        : UNPROCESSABLE_AUTH_RESPONSE;
  const status = kind === "redirect" ? error.status : REFRESH_NO_RESPONSE_STATUS;
  return new RefreshError(status, message, kind, undefined, { cause: error });
}

/** One refresh attempt: 200 → auth info, 401 → null, anything else → `RefreshError`. */
export function refreshOnce(ctx: SessionRequestContext, activeOrgId: string | null): Promise<RefreshAnswer> {
  const query = activeOrgId === null ? "" : `?${new URLSearchParams({ active_org_id: activeOrgId })}`;
  return sessionRequest(ctx, `/api/v1/refresh_token${query}`, "GET", async (response) => {
    const receivedAt = ctx.env.now();
    const date = response.headers.get("Date");
    if (response.status === 401) return { authInfo: null, date, receivedAt };
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
    const parsed =
      (globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"
        ? { success: true as const, data: body as RefreshTokenResponse }
        : (await validatorsForAnswer()).refresh.safeParse(body);
    const unprocessable = (issues: ValidationIssue[], cause?: unknown) => {
      ctx.emit({ type: "validation_failed", operation: "refresh_token", issues });
      return new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
    };
    if (!parsed.success) throw unprocessable(describeIssues(parsed.error.issues), parsed.error);
    try {
      const authInfo = toAuthInfo(parsed.data); // with validation compiled out, any shape reaches the mapping
      if (typeof authInfo.accessToken !== "string") throw new TypeError("access_token is not a string");
      return { authInfo, date, receivedAt };
    } catch (error) {
      throw unprocessable([{ path: "", message: `${error}` }], error);
    }
  });
}
