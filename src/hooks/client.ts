// The half of "orgauth/react" that runs in the browser (and in a client component's server render): the provider,
// the hooks, the guards and redirect components, and the generated query hooks. The build marks its output file
// "use client", so a server component may render these components but never call these functions.
export { AuthProvider, type AuthProviderProps } from "./auth-provider.js";
export { AuthQueryProvider, type AuthQueryProviderProps } from "./auth-query-provider.js";
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
} from "./auth-hooks.js";
export {
  RequireAuth,
  withRequiredAuthInfo,
  type RequireAuthProps,
  type RequiredAuthOptions,
  type WithRequiredAuthInfoProps,
} from "./require-auth.js";
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
export * from "../generated/query-hooks.js";
