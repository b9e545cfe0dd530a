import type { OperationErrorCodes, OperationId } from "../generated/operations.js";

/** The message of every error the client could not attribute to a documented code. */
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error has occurred";

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
}

/** A failed call: a documented error code, or `unexpected_error` for network failures and unreadable answers. */
export class ApiError<Op extends OperationId = OperationId> extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  readonly operationId: Op;
  /** The error code, narrowed to the codes this operation documents. */
  readonly code: OperationErrorCodes[Op];
  readonly rawCode: string | undefined;
  /** Text meant for the user. */
  readonly userFacingError: string;
  /** Field name → text meant for the user. */
  readonly userFacingErrors: Record<string, string>;
  /** Field name → machine-readable field error. */
  readonly fieldErrors: Record<string, string>;

  constructor(details: ApiErrorDetails<Op>, options?: { cause?: unknown }) {
    super(details.userFacingError, options);
    this.status = details.status;
    this.operationId = details.operationId;
    this.code = details.code;
    this.rawCode = details.rawCode;
    this.userFacingError = details.userFacingError;
    this.userFacingErrors = details.userFacingErrors ?? {};
    this.fieldErrors = details.fieldErrors ?? {};
  }
}

/** A response whose body does not match the contract for its status. */
export class ResponseValidationError extends Error {
  override readonly name = "ResponseValidationError";

  constructor(
    readonly operationId: OperationId,
    readonly status: number,
    readonly issues: readonly unknown[],
    readonly body: unknown,
  ) {
    super(`Response of ${operationId} (status ${status}) does not match the contract: ${summarizeIssues(issues)}`);
  }
}

/** Arguments that do not match the contract; nothing was sent. */
export class RequestValidationError extends Error {
  override readonly name = "RequestValidationError";

  constructor(
    readonly operationId: OperationId,
    readonly issues: readonly unknown[],
  ) {
    super(`Invalid arguments for ${operationId}: ${summarizeIssues(issues)}`);
  }
}

/** True when `error` is an ApiError (of `operationId`, when given). */
export function isApiError<Op extends OperationId = OperationId>(error: unknown, operationId?: Op): error is ApiError<Op> {
  return error instanceof ApiError && (operationId === undefined || error.operationId === operationId);
}

/** The ApiError for a failure that has no documented code. */
export function unexpectedError<Op extends OperationId>(operationId: Op, status: number, extra: { rawCode?: string; cause?: unknown } = {}): ApiError<Op> {
  return new ApiError(
    {
      status,
      operationId,
      code: "unexpected_error" as OperationErrorCodes[Op],
      rawCode: extra.rawCode,
      userFacingError: UNEXPECTED_ERROR_MESSAGE,
    },
    { cause: extra.cause },
  );
}

function summarizeIssues(issues: readonly unknown[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const { path, message } = issue as { path?: unknown[]; message?: string };
      return `${path?.length ? path.join(".") : "(root)"}: ${message ?? "invalid"}`;
    })
    .join("; ");
}
