/**
 * A session request as the first load sends it: through the transport's exchange (one deadline over the request,
 * the body and the reading of the answer, redirects refused, credentials, JSON), an exchange that produced no
 * readable answer a `RefreshError`. The first refresh's request leaves from here at once; its answer is read by the
 * engine's chunk (session-requests.ts: status, validation, the auth info, the clock offset), which the read waits
 * for under the same deadline. The engine takes these from the first load (engine-library.ts).
 */
import { exchange, ExchangeFailure, type ExchangeResult } from "../transport/exchange.js";
import { loadEngine } from "./engine-chunk.js";
import type { EngineLibrary } from "./engine-library.js";
import type { AuthEnvironment } from "./environment.js";
import { REFRESH_NO_RESPONSE_STATUS, RefreshError, UNPROCESSABLE_AUTH_RESPONSE } from "./errors.js";
import type { EventEmitter } from "./events.js";
import type { ResolvedTiming } from "./options.js";
import type { RefreshOutcome } from "./session-requests.js";

/** What a session request needs. `signal` aborts requests and retry waits (on `destroy()`). */
export interface SessionRequestContext {
  env: AuthEnvironment;
  authOrigin: string;
  timing: ResolvedTiming;
  emit: EventEmitter;
  signal: AbortSignal;
  /** The first load's code the engine's chunk uses (it imports none). */
  lib: EngineLibrary;
}

/** The schemas of the two session answers. */
export type SessionValidators = typeof import("../generated/validators/session.js")["sessionValidators"];

let sessionValidators: Promise<SessionValidators> | undefined;

/**
 * The session's validators: one module, so one chunk in a code-split bundle that has no other operation's validators
 * and imports no other chunk, which the client starts loading when it is created, beside the engine's (one round
 * trip for both); an answer that arrives first waits for it. A failed load is a `RefreshError` (as if unanswered) and
 * is tried again next time. The engine's chunk takes it from here: imported there, the module would be shared by
 * two chunks, and a bundler makes that a third one.
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

/** The engine's chunk for an answer being read; a failed load is a `RefreshError` (as if unanswered). */
export function engineForAnswer(): ReturnType<typeof loadEngine> {
  return loadEngine().catch((cause: unknown) => {
    throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network", undefined, { cause });
  });
}

/**
 * One session request through the exchange: one deadline over the request, the body and the reading of the answer
 * (the wait for the engine's chunk too), redirects refused, credentials, JSON; `destroy()` aborts it (rejecting with
 * `AuthClientDestroyedError`). A request that gets no readable answer, or whose reader fails to load, fails with a
 * `RefreshError`.
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
    throw refreshErrorOf(error);
  }
}

/**
 * What a session request's failure is: an exchange that produced no readable answer (a timeout, a refused redirect,
 * no response: a network or CORS failure) a `RefreshError` with the exchange's message (a network failure's reads as
 * an unprocessable answer's), the failure its cause; anything else (the client destroyed: its reason) as it is.
 */
export function refreshErrorOf(error: unknown): unknown {
  if (!(error instanceof ExchangeFailure)) return error;
  const { kind } = error;
  return new RefreshError(
    kind === "redirect" ? error.status : REFRESH_NO_RESPONSE_STATUS,
    kind === "network" ? UNPROCESSABLE_AUTH_RESPONSE : error.message,
    kind,
    undefined,
    { cause: error },
  );
}

/**
 * One refresh attempt: 401 → logged out (read here: it needs nothing of the engine), any other answer read by the
 * engine's chunk (200 → auth info, else a `RefreshError`) as of when it arrived.
 */
export function refreshOnce(ctx: SessionRequestContext, activeOrgId: string | null): Promise<RefreshOutcome> {
  const query = activeOrgId === null ? "" : `?${new URLSearchParams({ active_org_id: activeOrgId })}`;
  return sessionRequest(ctx, `/api/v1/refresh_token${query}`, "GET", async (answer) => {
    const receivedAt = ctx.env.now();
    return answer.status === 401
      ? { authInfo: null, skew: null }
      : (await engineForAnswer()).readRefresh(ctx, answer, receivedAt);
  });
}
