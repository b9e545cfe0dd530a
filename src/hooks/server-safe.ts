// The half of "orgauth/react" that runs anywhere, a React Server Component included: the error classes and guards,
// the query key factories and the generated query and mutation options, the guards' access check, the session
// client's factory (createAuthClient, tabSync, getAuthTransport, loginWithSaml, toAuthUser, toAuthOrg), and the types.
// Nothing here creates a context, calls a hook or renders: it needs no "use client" (see ./client.ts).
export { meetsRequirement, type AccessRequirement } from "./access-requirement.js";
export type { Timers } from "../transport/timeout.js";
export type {
  AuthInfoLoading,
  AuthInfoLoggedIn,
  AuthInfoLoggedOut,
  AuthInfoUnreachable,
  UseActiveOrgResult,
  UseAuthInfoResult,
} from "./auth-hooks.js";
export type { AccessHelper, OrgHelper } from "./helpers.js";
export type { AuthFallbacks } from "./context.js";
export type { LoginFailure, LoginFailureCause } from "./login-failure.js";
// The session core's types and the few functions a React app uses beside the hooks, so one import serves it.
export type * from "../session/types.js";
export type { AuthClientOptions, SessionTimingOptions, SessionTriggerOptions } from "../session/options.js";
export type { ActiveOrgChooser } from "../session/active-org.js";
export {
  createAuthClient,
  getAuthTransport,
  loginWithSaml,
  tabSync,
  toAuthOrg,
  toAuthUser,
  type AuthOrg,
  type AuthUser,
  type OrgAccess,
} from "../session/index.js";
export {
  ApiError,
  isApiError,
  RequestValidationError,
  ResponseValidationError,
  type ApiErrorDetails,
} from "../transport/index.js";
export { allQueriesKey, queryKeyRoot, type EmptyKeyPart } from "./query-keys.js";
export type { InfiniteQueryHookOptions, MutationHookOptions, QueryHookOptions } from "./hook-options.js";
export type { MutationSession } from "./mutation-session.js";
export type { OperationError } from "../transport/index.js";
export * from "../generated/queries.js";
