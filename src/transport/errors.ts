import { OrgauthError } from "../shared/orgauth-error.js";
import { ExchangeFailure } from "./exchange.js";
import type { RegisteredErrorCodes as OperationErrorCodes, RegisteredOperationId as OperationId } from "./operation.js";

/** The status of a failed call that got no response: a network failure, a timeout, or a redirect whose status the browser hides. */
export const NO_RESPONSE_STATUS = 0;

/** The message of every error the client could not attribute to a documented code. */
const UNEXPECTED_ERROR_MESSAGE = "An unexpected error has occurred";

/** What the server (or the transport, for failures) said about a failed call. */
export interface ApiErrorDetails<Op extends OperationId> {
  status: number;
  operationId: Op;
  code: OperationErrorCodes[Op];
  /** The code the server sent when the operation does not document it (then `code` is `unexpected_error`). */
  rawCode?: string | undefined;
  userFacingError: string;
  userFacingErrors?: Record<string, string> | undefined;
  fieldErrors?: Record<string, string> | undefined;
  /** How long the server asked the client to wait (`Retry-After`), in milliseconds. */
  retryAfterMs?: number | undefined;
}

/**
 * A failed call: a documented error code, or `unexpected_error` for network failures, timeouts, refused redirects
 * and unreadable answers. For those, `cause` tells which: an `ExchangeFailure` (kind "network", "timeout" or
 * "redirect") or a `ResponseValidationError` (an error body that is not one, e.g. a gateway's `{"message": …}`).
 */
export class ApiError<Op extends OperationId = OperationId> extends OrgauthError {
  override readonly name = "ApiError";
  readonly type = "api";
  /** HTTP status; `NO_RESPONSE_STATUS` (0) when no response arrived (network failure, timeout). */
  declare readonly status: number;
  declare readonly operationId: Op;
  /** The error code, narrowed to the codes this operation documents. */
  declare readonly code: OperationErrorCodes[Op];
  declare readonly rawCode: string | undefined;
  /** Text meant for the user. */
  declare readonly userFacingError: string;
  /** Field name → text meant for the user. */
  declare readonly userFacingErrors: Record<string, string>;
  /** Field name → machine-readable field error. */
  declare readonly fieldErrors: Record<string, string>;
  /** How long the server asked the client to wait before trying again (`Retry-After` on a 429 or 503), in ms. */
  declare readonly retryAfterMs: number | undefined;

  constructor(details: ApiErrorDetails<Op>, options?: { cause?: unknown }) {
    super(details.userFacingError, options);
    this.status = details.status;
    this.operationId = details.operationId;
    this.code = details.code;
    this.rawCode = details.rawCode;
    this.userFacingError = details.userFacingError;
    this.userFacingErrors = details.userFacingErrors ?? {};
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** A response whose body does not match the contract for its status. */
export class ResponseValidationError extends OrgauthError {
  override readonly name = "ResponseValidationError";
  readonly type = "response_validation";

  declare readonly operationId: OperationId;
  declare readonly status: number;
  declare readonly issues: readonly unknown[];
  declare readonly body: unknown;

  constructor(operationId: OperationId, status: number, issues: readonly unknown[], body: unknown) {
    super(`Response of ${operationId} (status ${status}) does not match the contract: ${summarizeIssues(issues)}`);
    this.operationId = operationId;
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}

/** Arguments that do not match the contract; nothing was sent (or, for a hosted page, no URL was built). */
export class RequestValidationError extends OrgauthError {
  override readonly name = "RequestValidationError";
  readonly type = "request_validation";

  /** The operation, or `hostedPage:<page>` for a hosted-page URL. */
  declare readonly operationId: OperationId | `hostedPage:${string}`;
  declare readonly issues: readonly unknown[];

  constructor(operationId: OperationId | `hostedPage:${string}`, issues: readonly unknown[]) {
    super(`Invalid arguments for ${operationId}: ${summarizeIssues(issues)}`);
    this.operationId = operationId;
    this.issues = issues;
  }
}

/** The error a call of `Op` rejects with: its documented `ApiError`, or a contract violation either way. */
export type OperationError<Op extends OperationId> = ApiError<Op> | ResponseValidationError | RequestValidationError;

/** True when `error` is an ApiError (of `operationId`, when given). */
export function isApiError<Op extends OperationId = OperationId>(
  error: unknown,
  operationId?: Op,
): error is ApiError<Op> {
  return error instanceof ApiError && (operationId === undefined || error.operationId === operationId);
}

/** The ApiError for a failure that has no documented code. */
export function unexpectedError<Op extends OperationId>(
  operationId: Op,
  status: number,
  extra: { rawCode?: string | undefined; cause?: unknown; retryAfterMs?: number | undefined } = {},
): ApiError<Op> {
  return new ApiError(
    {
      status,
      operationId,
      code: "unexpected_error" as OperationErrorCodes[Op],
      rawCode: extra.rawCode,
      userFacingError: UNEXPECTED_ERROR_MESSAGE,
      retryAfterMs: extra.retryAfterMs,
    },
    { cause: extra.cause },
  );
}

/**
 * Maps whatever a call threw to what the caller should see: typed errors pass through, the caller's own abort
 * reason (rethrown by the exchange) passes through, and everything else becomes `unexpected_error` with its cause.
 */
export function requestFailure(
  operationId: OperationId,
  error: unknown,
  callerSignal: AbortSignal | undefined,
): unknown {
  if (error instanceof ApiError || error instanceof ResponseValidationError || error instanceof RequestValidationError)
    return error;
  if (error instanceof ExchangeFailure) {
    return unexpectedError(operationId, error.kind === "redirect" ? error.status : NO_RESPONSE_STATUS, {
      cause: error,
    });
  }
  if (callerSignal?.aborted && error === callerSignal.reason) return error;
  return unexpectedError(operationId, NO_RESPONSE_STATUS, { cause: error });
}

function summarizeIssues(issues: readonly unknown[]): string {
  return (issues as readonly { path?: unknown[]; message?: string }[])
    .slice(0, 3)
    .map(({ path, message }) => `${path?.length ? path.join(".") : "(root)"}: ${message ?? "invalid"}`)
    .join("; ");
}
