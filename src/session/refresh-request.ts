/**
 * One refresh request as the first load sends it: `GET /api/v1/refresh_token` through the transport's exchange
 * (one deadline over the request, the body and the reading of the answer, redirects refused, credentials, JSON)
 * and its answer read: 200 → auth info, 401 → null, anything else a `RefreshError`. The session's validators are
 * a chunk of their own (`loadSessionValidators`). Retries, clock skew and logout are the engine's, in its later
 * chunk (session-requests.ts), which takes these from the first load (engine-library.ts).
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
export type SessionValidators = typeof import("../generated/validators/session.js")["sessionValidators"];

let sessionValidators: Promise<SessionValidators> | undefined;

/**
 * The session's validators: one module, so one chunk in a code-split bundle that has no other operation's validators
 * (fetched in one round trip, not a chunk whose shared imports the browser finds only once it arrived), which the
 * client starts loading when it is created; an answer that arrives first waits for it. A failed load is a
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

/** A validator's issues as events carry them: path and message, never the value. */
export function describeIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** The `RefreshError` of an answer that could not be read, reported as a `validation_failed` event first. */
export function unprocessable(ctx: SessionRequestContext, issues: ValidationIssue[], cause?: unknown): RefreshError {
  ctx.emit({ type: "validation_failed", operation: "refresh_token", issues });
  return new RefreshError(500, UNPROCESSABLE_AUTH_RESPONSE, "parse", undefined, { cause });
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
        : (await loadSessionValidators()).refresh.safeParse(body);
    if (!parsed.success) throw unprocessable(ctx, describeIssues(parsed.error.issues), parsed.error);
    try {
      return { authInfo: toAuthInfo(parsed.data), date, receivedAt }; // validation compiled out: any shape
    } catch (error) {
      throw unprocessable(ctx, [{ path: "", message: `${error}` }], error);
    }
  });
}
