/**
 * The backend API's 429s: a validate call's, as the provider answers it (JSON with `wait_seconds`, which the vendor's
 * `ApiKeyValidateRateLimitedException` and orgauth's `ApiKeyError` read), and any other call's (plain text). Both
 * carry the wait in `Retry-After`.
 */
import { ProviderError } from "./errors.js";
import type { Reply } from "./http.js";

/** A validate call's 429: the key was validated too often; `waitSeconds` until it validates again. */
export class KeyRateLimitedError extends ProviderError {
  constructor(readonly waitSeconds: number) {
    super(429, "rate_limit_exceeded", `Too many requests, please try again in ${waitSeconds} seconds`);
  }

  /** The provider's body: `{ wait_seconds, user_facing_error, error_code }`. */
  override body(): Record<string, unknown> {
    return { wait_seconds: this.waitSeconds, user_facing_error: this.userFacing, error_code: this.code };
  }

  /** The wait again, as `Retry-After`. */
  override headers(): Record<string, string> {
    return { "Retry-After": String(this.waitSeconds) };
  }
}

/** Any other backend call's 429: plain text, `Retry-After` of `waitSeconds`. */
export const backendRateLimited = (waitSeconds: number): Reply => ({
  status: 429,
  text: "Too many requests, please slow down",
  headers: { "Retry-After": String(waitSeconds) },
});
