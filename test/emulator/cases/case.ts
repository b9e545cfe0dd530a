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
