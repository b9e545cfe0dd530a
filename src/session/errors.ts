/** Typed errors of the session engine (failed session calls, and navigation safety). */
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

  constructor(
    /** HTTP status; `REFRESH_NO_RESPONSE_STATUS` when no response arrived. */
    readonly status: number,
    message: string,
    readonly kind: SessionFailureKind,
    /** How long the server asked the client to wait (`Retry-After`), in milliseconds. */
    readonly retryAfterMs: number | undefined = undefined,
  ) {
    super(message);
  }

  /**
   * True for failures that say nothing about the session itself: network, timeout, a refused redirect (a captive
   * portal, a misrouted gateway), 429 and 5xx. At start-up they mean "auth server unreachable", not "logged out".
   */
  get isTransient(): boolean {
    return (
      this.kind === "network" ||
      this.kind === "timeout" ||
      this.kind === "redirect" ||
      this.status === 429 ||
      this.status >= 500
    );
  }
}

/** A logout request that failed; carries the HTTP status and status text. */
export class LogoutError extends OrgauthError {
  override readonly name = "LogoutError";
  readonly type = "logout";

  constructor(
    /** HTTP status; `NO_RESPONSE_STATUS` (0) when no response arrived. */
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`Logout failed: ${status} ${statusText}`.trim());
  }
}

/**
 * A navigation target we refuse: not http(s) (e.g. `javascript:`, `data:`), not a URL at all, plain http from the
 * server to a non-loopback host, or a `returnTo` on another origin than the app's (an open redirect).
 */
export class UnsafeNavigationError extends OrgauthError {
  override readonly name = "UnsafeNavigationError";
  readonly type = "unsafe_navigation";

  constructor(
    /** The refused scheme (e.g. "javascript:"), or null when the target was not a URL or the origin was refused. */
    readonly scheme: string | null,
    source: string,
    reason?: string,
  ) {
    super(
      reason !== undefined
        ? `Refusing to navigate from the ${source}: ${reason}`
        : scheme === null
          ? `Refusing to navigate: the ${source} is not a valid URL`
          : `Refusing to navigate to a ${scheme} URL from the ${source}; only http: and https: are allowed`,
    );
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
