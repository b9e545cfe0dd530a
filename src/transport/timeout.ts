/** The timers a deadline runs on (the global ones by default; the session engine passes its environment's). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** A signal that aborts after `timeoutMs` or when the caller's signal aborts. */
export function withTimeout(timeoutMs: number, callerSignal: AbortSignal | undefined, timers: Timers = globalTimers) {
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
