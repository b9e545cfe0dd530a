/**
 * The login step must not tell whether an account exists: an unknown user (`user_not_found`) and a wrong
 * password read the same to the user. The code stays on the error for the app (logging, analytics).
 */
import { ApiError } from "../transport/errors.js";

/** What the login step shows for both an unknown user and a wrong password. */
const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

const CREDENTIAL_CODES = new Set(["user_not_found", "incorrect_password"]);

/** A login error as the user should read it: unknown user and wrong password get one message and no field hints. */
export function asUserReadsIt(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.operationId !== "login") return error;
  if (!CREDENTIAL_CODES.has(error.code) && !CREDENTIAL_CODES.has(error.rawCode ?? "")) return error;
  return new ApiError(
    {
      status: error.status,
      operationId: error.operationId,
      code: error.code,
      rawCode: error.rawCode,
      userFacingError: INVALID_CREDENTIALS_MESSAGE,
      retryAfterMs: error.retryAfterMs,
    },
    { cause: error },
  );
}
