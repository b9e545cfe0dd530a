// The React layer ("orgauth/react"): the provider, the auth hooks, the guards and redirect components, the
// login-flow, MFA and paged-search hooks, the generated React Query layer and the error classes. The testing kit
// is its own entry, "orgauth/testing" (src/testing).
export { AuthProvider, type AuthProviderProps } from "./auth-provider.js";
export {
  useAccessHelper,
  useActiveOrg,
  useAuthClient,
  useAuthInfo,
  useAuthUrl,
  useHostedPageUrls,
  useLogoutFunction,
  useOrgHelper,
  useRedirectFunctions,
  useUser,
  type AuthInfoLoading,
  type AuthInfoLoggedIn,
  type AuthInfoLoggedOut,
  type AuthInfoUnreachable,
  type UseActiveOrgResult,
  type UseAuthInfoResult,
} from "./auth-hooks.js";
export type { AccessHelper, OrgHelper } from "./helpers.js";
export {
  RequireAuth,
  meetsRequirement,
  withRequiredAuthInfo,
  type AccessRequirement,
  type RequireAuthProps,
  type RequiredAuthOptions,
  type WithRequiredAuthInfoProps,
} from "./require-auth.js";
export type { LoginFailure, LoginFailureCause } from "./login-failure.js";
export {
  useLoginFlow,
  type LoginFlow,
  type LoginFlowAction,
  type LoginFlowError,
  type LoginStep,
  type LoginStepActions,
} from "./use-login-flow.js";
export {
  useMfa,
  type MfaDisabled,
  type MfaDisabledStatus,
  type MfaEnabled,
  type MfaEnabledStatus,
  type MfaLoading,
  type MfaStatus,
  type MfaUnexpectedError,
  type UseMfaResult,
} from "./use-mfa.js";
export { withAuthInfo, type WithAuthInfoOptions, type WithAuthStateProps } from "./with-auth-info.js";
export { RedirectToLogin, RedirectToSignup, type RedirectToHostedPageProps } from "./redirect-components.js";
export { usePagedSearch, type PagedSearch, type PagedSearchOptions, type PageQuery } from "./use-paged-search.js";
export type { AuthFallbacks } from "./context.js";
// The session core's types and the few functions a React app uses beside the hooks, so one import serves it.
export type * from "../session/types.js";
export type { AuthClientOptions, SessionTimingOptions, SessionTriggerOptions } from "../session/options.js";
export type { ActiveOrgChooser } from "../session/active-org.js";
export {
  createAuthClient,
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
