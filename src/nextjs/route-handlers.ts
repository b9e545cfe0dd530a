/**
 * The auth routes of `app/{basePath}/[slug]/route.ts` (login, signup, callback, userinfo, logout,
 * set-active-org), answered by the server session.
 */
import type { ServerAuth } from "../server/index.js";
import { getServerAuth } from "./server-config.js";

/** The route file's handlers: `export const { GET, POST } = orgauth.handlers;`. */
export interface AuthRouteHandlers {
  /** GET {basePath}/{login,signup,callback,userinfo,logout}. */
  GET(request: Request): Promise<Response>;
  /** POST {basePath}/{logout,set-active-org}. */
  POST(request: Request): Promise<Response>;
}

/** The handlers over a server session (looked up per request). */
export function createRouteHandlers(auth: () => ServerAuth): AuthRouteHandlers {
  const handle = async (request: Request) => auth().handleAuthRoute(request);
  return { GET: handle, POST: handle };
}

/**
 * The handlers for `app/api/auth/[slug]/route.ts`, over the module-wide configuration.
 * @deprecated Use `createOrgauth(config).handlers`.
 */
export function getRouteHandlers(): AuthRouteHandlers {
  return createRouteHandlers(getServerAuth);
}
