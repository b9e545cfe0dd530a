/** Typed errors of the session engine (§8 session errors plus navigation safety). */
import type { ExchangeFailureKind } from "../transport/exchange.js";

/** The message §8 gives for a CORS failure (status 0) and for an unparseable refresh response. */
export const UNPROCESSABLE_AUTH_RESPONSE = "Unable to process authentication response";

/** What went wrong with a session request: the transport's failure kinds, an HTTP error status, or an unreadable body. */
export type SessionFailureKind = ExchangeFailureKind | "http" | "parse";

/** A refresh that failed for any reason but a 401 (which means "logged out", not an error). */
export class RefreshError extends Error {
  readonly status: number;
  readonly kind: SessionFailureKind;
  /** How long the server asked the client to wait (`Retry-After`), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, message: string, kind: SessionFailureKind, retryAfterMs?: number) {
    super(message);
    this.name = "RefreshError";
    this.status = status;
    this.kind = kind;
    this.retryAfterMs = retryAfterMs;
  }

  /**
   * True for failures that say nothing about the session itself: network, timeout, a refused redirect (a captive
   * portal, a misrouted gateway), 429 and 5xx. At start-up they mean "auth server unreachable", not "logged out".
   */
  get isTransient(): boolean {
    return this.kind === "network" || this.kind === "timeout" || this.kind === "redirect" || this.status === 429 || this.status >= 500;
  }
}

/** A logout request that failed; carries the HTTP status and status text (§8). */
export class LogoutError extends Error {
  readonly status: number;
  readonly statusText: string;
  constructor(status: number, statusText: string) {
    super(`Logout failed: ${status} ${statusText}`.trim());
    this.name = "LogoutError";
    this.status = status;
    this.statusText = statusText;
  }
}

/**
 * A navigation target we refuse: not http(s) (e.g. `javascript:`, `data:`), not a URL at all, plain http from the
 * server to a non-loopback host, or a `returnTo` on another origin than the app's (an open redirect).
 */
export class UnsafeNavigationError extends Error {
  /** The refused scheme (e.g. "javascript:"), or null when the target was not a URL or the origin was refused. */
  readonly scheme: string | null;
  constructor(scheme: string | null, source: string, reason?: string) {
    super(
      reason !== undefined
        ? `Refusing to navigate from the ${source}: ${reason}`
        : scheme === null
          ? `Refusing to navigate: the ${source} is not a valid URL`
          : `Refusing to navigate to a ${scheme} URL from the ${source}; only http: and https: are allowed`,
    );
    this.name = "UnsafeNavigationError";
    this.scheme = scheme;
  }
}

/** The client was used after `destroy()`. */
export class AuthClientDestroyedError extends Error {
  constructor() {
    super("This auth client has been destroyed");
    this.name = "AuthClientDestroyedError";
  }
}
