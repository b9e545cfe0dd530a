import type { OperationId } from "../generated/operations.js";
import { ApiError, RequestValidationError, ResponseValidationError, unexpectedError } from "./errors.js";

/** A signal that aborts after `timeoutMs` or when the caller's signal aborts. */
export function withTimeout(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
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
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/**
 * Maps whatever a call threw to what the caller should see: typed errors pass through, the caller's own
 * abort is rethrown as is, and everything else (network failure, timeout) becomes `unexpected_error`.
 */
export function requestFailure(operationId: OperationId, error: unknown, timedOut: boolean, callerSignal: AbortSignal | undefined): unknown {
  if (error instanceof ApiError || error instanceof ResponseValidationError || error instanceof RequestValidationError) return error;
  if (callerSignal?.aborted && !timedOut) return callerSignal.reason ?? error;
  return unexpectedError(operationId, 0, { cause: error });
}
