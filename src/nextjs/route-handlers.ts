/**
 * `getRouteHandlers()`: the auth routes of `app/api/auth/[slug]/route.ts` (login, signup, callback, userinfo,
 * logout, set-active-org), answered by the server session.
 */
import { getServerAuth } from "./server-config.js";

/** The route file's handlers: `export const { GET, POST } = getRouteHandlers();`. */
export interface AuthRouteHandlers {
  /** GET /api/auth/{login,signup,callback,userinfo,logout}. */
  GET(request: Request): Promise<Response>;
  /** POST /api/auth/{logout,set-active-org}. */
  POST(request: Request): Promise<Response>;
}

/** The handlers for `app/api/auth/[slug]/route.ts`. */
export function getRouteHandlers(): AuthRouteHandlers {
  const handle = (request: Request) => getServerAuth().handleAuthRoute(request);
  return { GET: handle, POST: handle };
}
