/**
 * The calls the app's server makes to the auth host, through the generated server fetchers on the server transport
 * (the integration API key as bearer, no CSRF header, no browser credentials, answers checked against the
 * contract): the authorize URL, the code exchange, the backend refresh and logout. Each failure becomes
 * one of a few kinds the handlers act on.
 */
import { backendLogout, backendRefreshToken, ssrAuthorizeUrl, ssrToken } from "../generated/server-operations.js";
import { ApiError, ResponseValidationError } from "../transport/errors.js";
import { ExchangeFailure } from "../transport/exchange.js";
import { createServerTransport } from "../transport/server-transport.js";
import type { ServerConfig } from "./options.js";

/** The tokens of a signed-in session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** Why a call to the auth host failed: the session is over, the app is misconfigured, or the host did not answer. */
export type BackendFailureKind = "logged_out" | "invalid_api_key" | "bad_request" | "unreachable" | "unexpected";

/** A failed call to the auth host. */
export class BackendCallError extends Error {
  override readonly name = "BackendCallError";

  constructor(
    readonly kind: BackendFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The auth host's calls, bound to the configuration. */
export interface ServerBackend {
  /** The hosted login's URL, which comes back to the redirect URI with `code` and `state`. */
  authorizeUrl(query: { state: string; signup: boolean; params: Record<string, string> }): string;
  /** The one-time code for the session's tokens. */
  exchangeCode(code: string): Promise<SessionTokens>;
  /** New tokens for a refresh token (an org token with `activeOrgId`). */
  refresh(refreshToken: string, activeOrgId: string | undefined): Promise<SessionTokens>;
  /** Ends the refresh token's session at the auth host. */
  logout(refreshToken: string): Promise<void>;
}

/** The kind of a failed call: the contract's error code, else no answer, else an answer the contract does not allow. */
function failureOf(error: unknown): BackendCallError {
  if (error instanceof ApiError) {
    const code: string = error.code;
    const kind: BackendFailureKind =
      code === "invalid_api_key"
        ? "invalid_api_key"
        : code === "not_logged_in"
          ? "logged_out"
          : code === "bad_request" || code === "invalid_request_fields"
            ? "bad_request"
            : error.status === 0
              ? "unreachable"
              : "unexpected";
    const message = `${error.operationId} answered ${error.status} ${code}: ${error.userFacingError}`;
    return new BackendCallError(kind, message, { cause: error });
  }
  if (error instanceof ExchangeFailure) {
    return new BackendCallError("unreachable", `the auth host did not answer (${error.message})`, { cause: error });
  }
  if (error instanceof ResponseValidationError) {
    return new BackendCallError("unexpected", `the auth host's answer breaks the contract: ${error.message}`, {
      cause: error,
    });
  }
  throw error;
}

/** Runs a call, its failure as a `BackendCallError`. */
const calling = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    throw failureOf(error);
  });

/** The auth host's calls over the server transport. */
export function createServerBackend(config: ServerConfig): ServerBackend {
  const transport = createServerTransport({
    authUrl: config.authOrigin,
    apiKey: config.apiKey,
    fetch: config.fetch,
    timeoutMs: config.timeoutMs,
  });
  return {
    authorizeUrl: ({ state, signup, params }) =>
      ssrAuthorizeUrl(config.authOrigin, { ...params, redirect_uri: config.redirectUri, state, signup }),
    exchangeCode: async (code) => {
      const tokens = await calling(ssrToken(transport, { body: { redirect_uri: config.redirectUri, code } }));
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
    },
    refresh: async (refreshToken, activeOrgId) => {
      const query =
        activeOrgId === undefined ? undefined : { with_active_org_support: true, active_org_id: activeOrgId };
      const tokens = await calling(
        backendRefreshToken(transport, { ...(query && { query }), body: { refresh_token: refreshToken } }),
      );
      return { accessToken: tokens.access_token.access_token, refreshToken: tokens.refresh_token };
    },
    logout: (refreshToken) => calling(backendLogout(transport, { body: { refresh_token: refreshToken } })),
  };
}
