import type {
  OperationDescriptor,
  OperationValidators,
  RegisteredErrorCodes as OperationErrorCodes,
  RegisteredOperationId as OperationId,
} from "./operation.js";
import { ApiError, ResponseValidationError, unexpectedError } from "./errors.js";

/** What to do when a response does not match the contract. */
export type ValidationMode = "throw" | "report" | "off";

/** Where the transport reports things a developer should see (undocumented codes, reported validation failures). */
export interface TransportLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

/** What reading a response needs from the transport. */
export interface ResponseReader {
  validation: ValidationMode;
  logger: TransportLogger;
  report(error: ResponseValidationError): void;
}

/**
 * The data of a 2xx response, validated against the schema documented for its status (an undocumented 2xx is read
 * like the first documented one). `validators` is undefined only with validation off.
 */
export function readSuccessResponse(
  reader: ResponseReader,
  op: OperationDescriptor<OperationId>,
  validators: OperationValidators | undefined,
  status: number,
  text: string,
): unknown {
  const documented = status in op.responses ? status : Number(Object.keys(op.responses)[0]);
  if (!op.responses[documented]) return undefined;
  const json = parseJson(text);
  if (json instanceof SyntaxError) throw unexpectedError(op.operationId, status, { cause: json });
  const schema = validators?.responses[documented];
  return schema && reader.validation !== "off" ? validated(reader, op, status, schema, json) : json;
}

/**
 * The ApiError for a non-2xx response, its body parsed like a success body and checked against the error schema
 * (never the success schema). A body that is not JSON, or not an error body (a gateway's HTML, `{}` or
 * `{"message": …}`), is `unexpected_error` in every mode; its `cause` is the parser's error, or the validation
 * issues (reported too).
 */
export function readErrorResponse(
  reader: ResponseReader,
  op: OperationDescriptor<OperationId>,
  validators: OperationValidators | undefined,
  status: number,
  text: string,
  retryAfterMs?: number,
): ApiError {
  const body = parseJson(text);
  if (body instanceof SyntaxError) return unexpectedError(op.operationId, status, { cause: body, retryAfterMs });
  if (!body || typeof body !== "object") return unexpectedError(op.operationId, status, { retryAfterMs });
  let checked = body as Record<string, unknown>;
  if (reader.validation !== "off" && validators?.errorBody) {
    const result = validators.errorBody.safeParse(body);
    if (!result.success) {
      const cause = new ResponseValidationError(op.operationId, status, result.error.issues, body);
      reader.report(cause);
      return unexpectedError(op.operationId, status, { cause, retryAfterMs });
    }
    checked = result.data as Record<string, unknown>;
  }
  const rawCode = typeof checked.error_code === "string" ? checked.error_code : undefined;
  if (!rawCode || (rawCode !== "unexpected_error" && !op.errorCodes?.includes(rawCode))) {
    reader.logger.warn(`${op.operationId} answered with an error code it does not document`, {
      operationId: op.operationId,
      status,
      code: rawCode,
    });
    return unexpectedError(op.operationId, status, { rawCode, retryAfterMs });
  }
  return new ApiError({
    retryAfterMs,
    status,
    operationId: op.operationId,
    code: rawCode as OperationErrorCodes[OperationId],
    userFacingError: typeof checked.user_facing_error === "string" ? checked.user_facing_error : rawCode,
    userFacingErrors: stringMap(checked.user_facing_errors),
    fieldErrors: stringMap(checked.field_errors),
  });
}

function validated(
  reader: ResponseReader,
  op: OperationDescriptor<OperationId>,
  status: number,
  schema: NonNullable<OperationValidators["body"]>,
  json: unknown,
): unknown {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const error = new ResponseValidationError(op.operationId, status, result.error.issues, json);
  reader.report(error);
  if (reader.validation === "throw") throw error;
  return json;
}

/** The body parsed, or the parser's SyntaxError when it is not JSON (an empty body included): JSON parses to no error. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    return error;
  }
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object") return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
