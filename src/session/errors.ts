/** Typed errors of the session engine's calls (navigation safety's is in unsafe-navigation-error.ts). */
import { OrgauthError } from "../shared/orgauth-error.js";
import type { ExchangeFailureKind } from "../transport/exchange.js";

/** The message for a refresh that got no response (a network or CORS failure) and for an unreadable one. */
export const UNPROCESSABLE_AUTH_RESPONSE = "Unable to process authentication response";

/**
 * The status a refresh reports when no response arrived (network failure, CORS, timeout): 503, as the vendor
 * SDK reports it, so code ported from it reads the same status. Every other call reports `NO_RESPONSE_STATUS` (0).
 */
export const REFRESH_NO_RESPONSE_STATUS = 503;

/** What went wrong with a session request: the transport's failure kinds, an HTTP error status, or an unreadable body. */
export type SessionFailureKind = ExchangeFailureKind | "http" | "parse";

/** A refresh that failed for any reason but a 401 (which means "logged out", not an error). */
export class RefreshError extends OrgauthError {
  override readonly name = "RefreshError";
  readonly type = "refresh";
  /** HTTP status; `REFRESH_NO_RESPONSE_STATUS` when no response arrived. */
  declare readonly status: number;
  declare readonly kind: SessionFailureKind;
  /** How long the server asked the client to wait (`Retry-After`), in milliseconds. */
  declare readonly retryAfterMs: number | undefined;

  /** `options.cause`: the error that made the refresh fail (the exchange's failure, the unreadable body's). */
  constructor(
    status: number,
    message: string,
    kind: SessionFailureKind,
    retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }

  /**
   * True for failures that say nothing about the session itself: network, timeout, a refused redirect (a captive
   * portal, a misrouted gateway), 429 and 5xx. At start-up they mean "auth server unreachable", not "logged out".
   */
  get isTransient(): boolean {
    return (
      (this.kind !== "http" && this.kind !== "parse") || // no answer: network, timeout, redirect
      this.status === 429 ||
      this.status >= 500
    );
  }
}

/** A logout request that failed; carries the HTTP status and status text. */
export class LogoutError extends OrgauthError {
  override readonly name = "LogoutError";
  readonly type = "logout";
  /** HTTP status; `NO_RESPONSE_STATUS` (0) when no response arrived. */
  declare readonly status: number;
  declare readonly statusText: string;

  constructor(status: number, statusText: string, options?: { cause?: unknown }) {
    super(`Logout failed: ${status} ${statusText}`.trim(), options);
    this.status = status;
    this.statusText = statusText;
  }
}

/** The client was used after `destroy()`. */
export class AuthClientDestroyedError extends OrgauthError {
  override readonly name = "AuthClientDestroyedError";
  readonly type = "client_destroyed";

  constructor() {
    super("This auth client has been destroyed");
  }
}
