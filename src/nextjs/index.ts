// Entry "orgauth/nextjs": the server half for the App Router (server components, route handlers, server actions,
// the middleware). The browser half is "orgauth/nextjs/client".
export { createOrgauth, type Orgauth } from "./create-orgauth.js";
export type { OrgauthConfig } from "./orgauth-config.js";
export type {
  MiddlewareAuth,
  MiddlewareCallback,
  OrgauthMiddleware,
  OrgauthMiddlewareOptions,
  ProtectedRoute,
} from "./middleware.js";
export type { ProtectedRouteHandler, ProtectHelpers } from "./protect.js";
export type { AccessDenial, AccessRule } from "../server/access-rule.js";
export type { SessionRetry } from "../server/retry-answer.js";
export {
  createRouteMatcher,
  type RouteMatcher,
  type RoutePattern,
  type RouteTarget,
} from "../server/route-matcher.js";
// deprecated for one release: the module-wide configuration (use createOrgauth)
export { configureServerAuth, getServerAuth } from "./server-config.js";
export { getUser, getUserOrRedirect, type GetUserOrRedirectOptions, type SessionReaders } from "./get-user.js";
export { authMiddleware } from "./middleware.js";
export { getRouteHandlers, type AuthRouteHandlers } from "./route-handlers.js";
export { toClientUser } from "./to-client-user.js";
export type { ClientSessionProps, ClientUser } from "./client-user.js";
export { CURRENT_PATH_HEADER } from "./request-headers.js";
export {
  ACCESS_TOKEN_HEADER,
  AccessTokenError,
  type BackendClient,
  type ServerAuth,
  type ServerAuthOptions,
  type ServerOrg,
  type ServerUser,
} from "../server/index.js";
