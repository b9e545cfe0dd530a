/**
 * The error of an operation whose error bodies carry no `error_code` (the provider's backend API): its status
 * decides the code (`statusCodes`, from the contract's `x-error-code`), the body only adds the messages — a 400's
 * map of field → messages, a 429's plain text or `wait_seconds`, any JSON `message` or `user_facing_error`.
 */
import type {
  OperationDescriptor,
  RegisteredErrorCodes as OperationErrorCodes,
  RegisteredOperationId as OperationId,
} from "./operation.js";
import { ApiError, ResponseValidationError, unexpectedError } from "./errors.js";

type Json = Record<string, unknown>;

/** The ApiError for an error status of an operation that maps statuses to codes. */
export function readStatusError(
  report: (error: ResponseValidationError) => void,
  op: OperationDescriptor<OperationId>,
  status: number,
  text: unknown,
  retryAfterMs: number | undefined,
): ApiError {
  const code = op.statusCodes?.[status];
  if (code === undefined) return unexpectedError(op.operationId, status, { retryAfterMs });
  const raw = typeof text === "string" ? text : "";
  const body = jsonObject(raw);
  const details = {
    status,
    operationId: op.operationId,
    code: code as OperationErrorCodes[OperationId],
    retryAfterMs: waitOf(body) ?? retryAfterMs,
    userFacingError: messageOf(body) ?? (body || !raw.trim() ? code : raw.trim()),
  };
  if (code !== "invalid_request_fields") return new ApiError(details);
  const fields = body && fieldMessages(body);
  if (!fields) {
    const cause = new ResponseValidationError(op.operationId, status, [NOT_A_FIELD_MAP], body ?? raw);
    report(cause);
    return unexpectedError(op.operationId, status, { cause, retryAfterMs });
  }
  const first = Object.values(fields)[0];
  return new ApiError({
    ...details,
    userFacingError: first ?? details.userFacingError,
    userFacingErrors: fields,
    fieldErrors: fields,
  });
}

const NOT_A_FIELD_MAP = { path: [], message: "expected an object of field → messages" };

function jsonObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** Field → its messages joined by a space; undefined when a value is neither a string nor an array of them. */
function fieldMessages(body: Json): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === "string") fields[field] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) fields[field] = value.join(" ");
    else return undefined;
  }
  return fields;
}

function messageOf(body: Json | undefined): string | undefined {
  const message = body?.user_facing_error ?? body?.message;
  return typeof message === "string" && message ? message : undefined;
}

/** A rate-limited validation's `wait_seconds`, in milliseconds. */
function waitOf(body: Json | undefined): number | undefined {
  const seconds = body?.wait_seconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** The call's data, or `null` when it failed with a 404 its status maps to `not_found` (a single fetch of an unknown id). */
export function nullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  return call.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404 && error.code === "not_found") return null;
    throw error;
  });
}
