// The React layer ("orgauth/react"): the provider, the auth hooks, the guard, the login-flow and MFA hooks,
// and the generated React Query layer. The testing kit is its own entry, "orgauth/testing" (src/testing).
export { AuthProvider, type AuthProviderProps } from "./auth-provider.js";
export {
  useAccessHelper,
  useActiveOrg,
  useAuthClient,
  useAuthInfo,
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
  type WithAuthInfoProps,
} from "./require-auth.js";
export { useLoginFlow, type LoginFlow, type LoginFlowError, type LoginStep, type LoginStepActions } from "./use-login-flow.js";
export { useMfa, type MfaStatus, type UseMfaResult } from "./use-mfa.js";
export * from "../generated/queries.js";
