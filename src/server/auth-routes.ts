/**
 * The auth routes under one folder (`/api/auth/[slug]`): login, signup, callback, userinfo, logout, set-active-org,
 * told apart by the path's last segment. A method a route does not take is 405, an unknown route 404, a POST from
 * another origin's page 403 — JSON naming the route or the reason, never a 500 for a client's mistake.
 */
import { createLoginFlow } from "./login-flow.js";
import { refuseCrossOrigin } from "./same-origin.js";
import type { ServerCore } from "./server-core.js";
import { createSessionRoutes, errorJson } from "./session-routes.js";

/** The routes `handleAuthRoute` answers, by the last segment of the request path. */
export const AUTH_ROUTES = /* @__PURE__ */ Object.freeze([
  "login",
  "signup",
  "callback",
  "userinfo",
  "logout",
  "set-active-org",
] as const);

/** The handler of every auth route. */
export function createAuthRouteHandler(core: ServerCore): (request: Request) => Promise<Response> {
  const login = createLoginFlow(core);
  const session = createSessionRoutes(core);
  const routes: Record<string, Partial<Record<string, (request: Request) => Promise<Response>>>> = {
    login: { GET: (request) => login.start(request, false) },
    signup: { GET: (request) => login.start(request, true) },
    callback: { GET: login.callback },
    userinfo: { GET: session.userinfo },
    logout: { GET: session.logoutGet, POST: session.logoutPost },
    "set-active-org": { POST: session.setActiveOrg },
  };
  return async (request) => {
    const slug = new URL(request.url).pathname.replace(/\/+$/, "").split("/").pop() ?? "";
    const methods = Object.hasOwn(routes, slug) ? routes[slug] : undefined;
    if (methods === undefined) return errorJson(404, "unknown_auth_route", `No auth route "${slug}".`);
    const method = request.method === "HEAD" ? "GET" : request.method;
    const handler = methods[method];
    if (handler === undefined) {
      const response = errorJson(405, "method_not_allowed", `${slug} takes ${Object.keys(methods).join(", ")}.`);
      response.headers.set("Allow", Object.keys(methods).join(", "));
      return response;
    }
    return refuseCrossOrigin(core.config, request) ?? handler(request);
  };
}
