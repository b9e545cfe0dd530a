// The half of "orgauth/react" that runs anywhere, a React Server Component included: the error classes and guards,
// the query key factories and the generated query and mutation options, the guards' access check, and the types.
// Nothing here creates a context, calls a hook or renders: it needs no "use client" (see ./client.ts).
export { meetsRequirement, type AccessRequirement } from "./access-requirement.js";
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
export type { AuthOrg, AuthUser, OrgAccess } from "../session/index.js";
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
