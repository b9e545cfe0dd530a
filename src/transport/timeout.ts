/**
 * The one timer seam of the library: every deadline, retry wait and background check runs on a `Timers`. The
 * session's environment is one (tests pass fake timers there); the transport takes one in its options; both
 * default to `globalTimers`.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The environment's own timers (`globalThis.setTimeout`, read at call time). */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The one default request timeout, for the session calls and every fe call (`timeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The longest delay a timer keeps (a longer one would fire at once): a deadline beyond it never fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The deadline of one call: what aborts it, whether it expired, and `dispose` to clear its timer. */
export interface Deadline {
  /**
   * The signal the call's work runs under: the deadline's own; the caller's when no timer can fire (nothing else
   * can abort the call, so nothing is created); none when neither can.
   */
  readonly signal: AbortSignal | undefined;
  timedOut(): boolean;
  dispose(): void;
}

/**
 * A signal that aborts after `timeoutMs` or when the caller's signal aborts. One timer at most, none when the
 * deadline cannot fire (`Infinity`, or beyond what a timer keeps): then the caller's signal is used as it is.
 */
export function withTimeout(
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  timers: Timers = globalTimers,
): Deadline {
  if (!(timeoutMs <= MAX_TIMER_MS)) return { signal: callerSignal, timedOut: () => false, dispose: () => undefined };
  const controller = new AbortController();
  let expired = false;
  const timer = timers.setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, "TimeoutError"));
  }, timeoutMs);
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose: () => {
      timers.clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}
