// Entry "orgauth/server": the session on the server (Node and edge; standard Request/Response; jose verifies).
export { isOrgauthError, OrgauthError, type OrgauthErrorType } from "../shared/orgauth-error.js";
export type { OrgAccess } from "../session/auth-objects.js";
export type { OrgMembership, OrgRoleStructure } from "../session/types.js";
export { createServerAuth, type ServerAuth } from "./create-server-auth.js";
export { serverAuthOptionsFromEnv, type ServerAuthOptions } from "./options.js";
export { AccessTokenError, type AccessTokenFailure, isRetryableSessionError } from "./errors.js";
export { retryableResponse, type SessionRetry } from "./retry-answer.js";
export {
  type BackendClient,
  type BackendClientOptions,
  createBackendClient,
  PROVIDER_BACKEND_URL,
} from "./backend-client.js";
export type * from "../generated/backend-types.js";
export {
  type BackendPages,
  type BackendPagesOptions,
  backendPages,
  type PagedBackendCall,
  type PagedItem,
} from "./backend-pages.js";
export {
  ApiKeyError,
  type ApiKeyFailure,
  type ApiKeyOrg,
  type ApiKeyOwner,
  type ValidateApiKeyOptions,
  validateApiKey,
  validateRequestApiKey,
} from "./api-key.js";
export {
  type AuthenticateOptions,
  type Caller,
  type CallerAuth,
  type CallerAuthOptions,
  createCallerAuth,
  type OrgCaller,
  type UserCaller,
} from "./caller.js";
export { type BackendUser, toBackendUser } from "./backend-user.js";
export { ApiError, isApiError, ResponseValidationError, RequestValidationError } from "../transport/errors.js";
/** @internal The status of a call that got no answer: the guard entries take it from here (tsup.config.ts). */
export { NO_RESPONSE_STATUS } from "../transport/errors.js";
export type { User } from "../session/types.js";
export { ServerConfigurationError } from "../transport/server-transport.js";
export type { ServerLoginMethod, ServerOrg, ServerUser } from "./server-user.js";
export type { SessionUpdate } from "./session.js";
export { ACCESS_TOKEN_HEADER, SESSION_COOKIES } from "./cookie-store.js";
export { AUTH_ROUTES } from "./auth-routes.js";
export { type AccessDenial, type AccessRule, checkAccess, denialResponse } from "./access-rule.js";
export { createRouteMatcher, type RouteMatcher, type RoutePattern, type RouteTarget } from "./route-matcher.js";
export { ERROR_HEADER, type LoginFailureCode } from "./failure-page.js";
