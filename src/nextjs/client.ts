// Entry "orgauth/nextjs/client" (marked "use client" by the build): the browser half of the server session. Its
// provider feeds orgauth/react's hooks, guards and generated query hooks; it carries no session engine.
export { AuthProvider, type AuthProviderProps } from "./client/auth-provider.js";
export {
  type TokenUser,
  type UserDetails,
  useUser,
  type UseUserLoggedIn,
  type UseUserLoggedOut,
  type UseUserResult,
} from "./client/use-user.js";
export type { ClientSessionProps, ClientUser } from "./client-user.js";
export {
  type ServerSessionRedirectFunctions,
  useLogoutFunction,
  useRedirectFunctions,
} from "./client/redirects.js";
// orgauth/react's hooks and guards, which work below this provider (the same modules: one context), from their file
// without TanStack Query (orgauth/react's client file loads it for the generated hooks): a session-only app builds
// without @tanstack/react-query installed.
export {
  RequireAuth,
  useAccessHelper,
  useActiveOrg,
  useAuthInfo,
  useAuthUrl,
  useHostedPageUrls,
  useOrgHelper,
} from "../hooks/session-hooks.js";
export type { AuthInfoLoggedIn, UseAuthInfoResult, UseActiveOrgResult } from "../hooks/auth-hooks.js";
