import type { OperationId } from "../../../src/generated/operations.js";

/**
 * One exercised outcome of one operation: `run` sets the state up and makes the call; the runner resets the emulator
 * first and checks that the call succeeded with `status`, or failed with `status` and `code`.
 */
export interface Case {
  op: OperationId;
  status: number;
  /** The error code expected; absent for a success. */
  code?: string;
  /** The rule that causes the outcome, in words. */
  rule: string;
  run(): Promise<unknown>;
}

/** A row for an outcome that succeeds with `status`. */
export function ok(op: OperationId, status: number, rule: string, run: () => Promise<unknown>): Case {
  return { op, status, rule, run };
}

/** A row for an outcome that fails with `status` and the error `code`. */
export function fails(op: OperationId, status: number, code: string, rule: string, run: () => Promise<unknown>): Case {
  return { op, status, code, rule, run };
}
