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

/** The deadline of one call: what aborts it, whether it expired, its wait, and `dispose` to clear its timer. */
export interface Deadline {
  /**
   * The signal the call's work runs under: the deadline's own; the caller's when no timer can fire (nothing else
   * can abort the call, so nothing is created); none when neither can.
   */
  readonly signal: AbortSignal | undefined;
  timedOut(): boolean;
  /**
   * Settles with `work`, or rejects with the signal's reason (calling `onAbort` first) as soon as the deadline
   * expires or the caller aborts: a stalled answer cannot hold the call. One wait at a time.
   */
  race<T>(work: Promise<T>, onAbort?: () => void): Promise<T>;
  dispose(): void;
}

/**
 * A signal that aborts after `timeoutMs` or when the caller's signal aborts. One timer at most, none when the
 * deadline cannot fire (`Infinity`, or beyond what a timer keeps): then the caller's signal is used as it is. The
 * timer and the caller's abort end the pending wait themselves, with no listener on the deadline's own signal.
 */
export function withTimeout(
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  timers: Timers = globalTimers,
): Deadline {
  const controller = timeoutMs <= MAX_TIMER_MS ? new AbortController() : undefined;
  const signal = controller ? controller.signal : callerSignal;
  let expired = false;
  let waiting: (() => void) | undefined;
  const abort = (reason?: unknown): void => {
    controller?.abort(reason);
    waiting?.();
  };
  const timer =
    controller &&
    timers.setTimeout(() => {
      expired = true;
      abort(new DOMException(`Request timed out after ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
  const onCallerAbort = (): void => abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  // A signal aborts once: its listener needs no `once` (dispose removes it either way).
  else callerSignal?.addEventListener("abort", onCallerAbort);
  return {
    signal,
    timedOut: () => expired,
    race: (work, onAbort) =>
      new Promise((resolve, reject) => {
        work.then(resolve, reject);
        waiting = () => {
          onAbort?.();
          reject(signal?.reason);
        };
        if (signal?.aborted) waiting();
      }),
    dispose: () => {
      if (controller) timers.clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}
