/**
 * Lone surrogates: a string with half a UTF-16 pair cannot be percent-encoded (encodeURIComponent throws a
 * URIError) and `URLSearchParams` silently turns it into U+FFFD. Such an argument is refused before anything is sent.
 */
import type { OperationDescriptor, OperationRequest, RegisteredOperationId as OperationId } from "./operation.js";
import { RequestValidationError } from "./errors.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` is a string without lone surrogates. */
export function isWellFormedString(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** The message of a string argument with a lone surrogate. */
export const LONE_SURROGATE_MESSAGE = "must not contain a lone surrogate (half a UTF-16 pair)";

/** Throws a RequestValidationError when a path or query value holds a lone surrogate. */
export function checkWellFormedStrings(op: OperationDescriptor<OperationId>, request: OperationRequest): void {
  const issues: { path: string[]; message: string }[] = [];
  for (const where of ["path", "query"] as const) {
    for (const [name, value] of Object.entries((request[where] ?? {}) as Record<string, unknown>)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some((item) => typeof item === "string" && !isWellFormedString(item))) {
        issues.push({ path: [where, name], message: LONE_SURROGATE_MESSAGE });
      }
    }
  }
  if (issues.length) throw new RequestValidationError(op.operationId, issues);
}
