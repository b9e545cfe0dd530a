/** The server entry's own error: an access token that does not verify. */
import { OrgauthError } from "../shared/orgauth-error.js";

/** Why an access token was refused. */
export type AccessTokenFailure =
  /** No token at all (no header, no cookie, an empty string). */
  | "missing"
  /** Not a JWT, or a JWT whose claims are not a user's (no `user_id`, a membership without roles …). */
  | "malformed"
  /** Past its `exp` (beyond the clock tolerance). */
  | "expired"
  /** Its `nbf` is still ahead. */
  | "not_yet_valid"
  /** Signed by another key, or altered. */
  | "bad_signature"
  /** Its `iss` is not the auth URL's origin. */
  | "wrong_issuer"
  /** Signed with an algorithm other than RS256. */
  | "wrong_algorithm"
  /** The auth host's key set could not be fetched (no verifier key configured); says nothing about the token. */
  | "key_unavailable"
  /** The access token has expired and the auth host could not be reached to renew it; says nothing about the session. */
  | "auth_unavailable"
  /**
   * The access token has expired and the auth host has just refused the refresh token: another instance may have
   * rotated it a moment ago, and the browser is about to store the newer one; a retry in a second reads it.
   */
  | "session_rotated";

/** An access token that does not verify: `reason` says why. */
export class AccessTokenError extends OrgauthError {
  readonly type = "access_token" as const;
  override readonly name = "AccessTokenError";

  constructor(
    /** Why the token was refused. */
    readonly reason: AccessTokenFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`Access token refused (${reason}): ${message}`, options);
  }
}

/** The reasons a retry in a moment may read the user: an outage, or a rotation race (answered with 503). */
const RETRYABLE: ReadonlySet<string> = new Set<AccessTokenFailure>([
  "key_unavailable",
  "auth_unavailable",
  "session_rotated",
]);

/** True for a reason that says nothing about the session: the auth host unreachable, or a rotation race. */
export const isRetryableReason = (reason: string | null): reason is AccessTokenFailure =>
  reason !== null && RETRYABLE.has(reason);

/** True for an `AccessTokenError` whose reason is retryable (`isRetryableReason`). */
export const isRetryableSessionError = (error: unknown): error is AccessTokenError =>
  error instanceof AccessTokenError && isRetryableReason(error.reason);
