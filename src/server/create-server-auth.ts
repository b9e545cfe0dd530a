/** `createServerAuth`: the server session of one app — verification, the request handler, the auth routes. */
import { createAuthRouteHandler } from "./auth-routes.js";
import { readBearer } from "./authorization-header.js";
import { createServerBackend } from "./backend.js";
import { AccessTokenError } from "./errors.js";
import { resolveServerConfig, type ServerAuthOptions } from "./options.js";
import type { ServerUser } from "./server-user.js";
import type { ServerCore } from "./server-core.js";
import { handleRequest, readSession, type SessionUpdate } from "./session.js";
import { rememberVerified } from "./verified-tokens.js";
import { createAccessTokenVerifier } from "./verify.js";

/** The server session of one app. */
export interface ServerAuth {
  /** Verifies an access token locally and builds the user from it; throws `AccessTokenError`. */
  verifyAccessToken(token: string): Promise<ServerUser>;
  /**
   * `Authorization: Bearer <token>` → the user, as a backend's API check does; throws `AccessTokenError` (`missing`
   * for no header or a value that is not a string, such as Node's array of repeated headers).
   */
  validateAuthorizationHeader(header: unknown): Promise<ServerUser>;
  /**
   * The user of a request, or undefined; never refreshes, no network call when a verifier key is configured. Throws
   * `AccessTokenError` `key_unavailable` when the auth host's key set cannot be fetched (an outage, not a sign-out).
   */
  readSession(request: Request): Promise<ServerUser | undefined>;
  /** The middleware's job: renews near expiry (one refresh per refresh token in flight) and hands the result on. */
  handleRequest(request: Request): Promise<SessionUpdate>;
  /** Answers `/api/auth/{login,signup,callback,userinfo,logout,set-active-org}`. */
  handleAuthRoute(request: Request): Promise<Response>;
}

/** The token of an `Authorization: Bearer <token>` header; `AccessTokenError` for none (any non-string) or another form. */
function bearerToken(header: unknown): string {
  const read = readBearer(header);
  if (read.ok) return read.credential;
  const message =
    read.reason === "missing" ? "no Authorization header" : "expected Authorization: Bearer <access token>";
  throw new AccessTokenError(read.reason, message);
}

/** Creates the server session; throws `ServerConfigurationError` for options that cannot work. */
export function createServerAuth(options: ServerAuthOptions): ServerAuth {
  const config = resolveServerConfig(options);
  const verify = rememberVerified(createAccessTokenVerifier(config), config.clockToleranceSeconds);
  const core: ServerCore = { config, verify, backend: createServerBackend(config) };
  const handleAuthRoute = createAuthRouteHandler(core);
  return {
    verifyAccessToken: (token) => core.verify(token),
    validateAuthorizationHeader: async (header) => core.verify(bearerToken(header)),
    readSession: (request) => readSession(core, request),
    handleRequest: (request) => handleRequest(core, request),
    handleAuthRoute,
  };
}
