/**
 * The middleware: the one place a session is refreshed. Export it from `middleware.ts` (Next.js 15) or `proxy.ts`
 * (Next.js 16): it renews an access token near expiry (one refresh in flight per session), writes the cookies on
 * the response and hands the fresh token to the render in a request header. It lets the auth routes through, keeps
 * signed-out visitors (and users without the role or permission) off the protected paths, and runs the app's own
 * callback with the session. A session it cannot read now is never a login: a page load that lost a rotation race
 * loads itself again in a second, and a protected path answers a retryable 503 through an auth-host outage.
 */
import { NextResponse, type NextRequest } from "next/server";
import { type AccessDenial, type AccessRule, checkAccess, denialResponse } from "../server/access-rule.js";
import { browserOrigin } from "../server/browser-origin.js";
import type { ServerAuth, ServerAuthOptions, ServerUser } from "../server/index.js";
import { retryableResponse } from "../server/retry-answer.js";
import { createRouteMatcher, type RouteMatcher, type RoutePattern } from "../server/route-matcher.js";
import { CURRENT_PATH_HEADER } from "./request-headers.js";
import { getServerAuth, getServerOptions } from "./server-config.js";

/** A protected path: a pattern (a signed-in user is enough), or patterns with a role or permission to hold. */
export type ProtectedRoute = RoutePattern | (AccessRule & { path: RoutePattern | readonly RoutePattern[] });

/** The session as the middleware's callback sees it. */
export interface MiddlewareAuth {
  /** The user after the renewal, or undefined. */
  readonly user: ServerUser | undefined;
  /**
   * Undefined when the user satisfies `rule`; else the answer to return (the login, 401 or 403, or a retryable 503
   * while the session cannot be read: an auth-host outage or a rotation race).
   */
  protect(rule?: AccessRule): Promise<Response | undefined>;
  /** The response that passes the request on with the session's headers (add your own to it). */
  next(): NextResponse;
}

/** What the app's own middleware does with the session: a response to send, or nothing to pass the request on. */
export type MiddlewareCallback = (
  auth: MiddlewareAuth,
  request: NextRequest,
  // biome-ignore lint/suspicious/noConfusingVoidType: an async callback that returns nothing passes the request on
) => Response | undefined | void | Promise<Response | undefined | void>;

/** The middleware's options. */
export interface OrgauthMiddlewareOptions {
  /** The paths that require a user (`createRouteMatcher` patterns), each optionally with a role or permission. */
  protect?: readonly ProtectedRoute[];
  /** The app's own middleware, run after the session is renewed and the protected paths checked. */
  callback?: MiddlewareCallback;
}

/** The middleware function Next.js calls. */
export type OrgauthMiddleware = (request: NextRequest) => Promise<Response>;

/** True for a page load (document or React Server Components navigation), which a login redirect suits. */
function isNavigation(request: NextRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return request.headers.has("rsc") || (request.headers.get("accept") ?? "").includes("text/html");
}

/** Where the auth routes are: the redirect URI's origin, the routes' folder on it, and whether a proxy's host counts. */
export interface AuthRoutesPlace {
  readonly origin: string;
  readonly basePath: string;
  readonly trustHost: boolean;
}

/** Where the auth routes of a server session made with `options` are, under `basePath`. */
export function authRoutesPlace(options: ServerAuthOptions, basePath: string): AuthRoutesPlace {
  return { origin: new URL(options.redirectUri).origin, basePath, trustHost: options.trustHost === true };
}

/**
 * The answer to a denial: a page load without a user starts the login and comes back; the rest is JSON. Next.js 15
 * rewrites a middleware's `Location` on the server's own host to `localhost` (NextURL: 127.0.0.1 and [::1] become
 * `localhost`), so on the redirect URI's origin the middleware answers as the login route does (its state cookie and
 * the redirect to the hosted login, on the auth host, which Next.js leaves alone): a browser on 127.0.0.1 stays there.
 * On another host the login can never finish (its cookies must be on the callback's host): the redirect goes to the
 * login route on the redirect URI's origin.
 */
async function denialAnswer(
  request: NextRequest,
  denial: AccessDenial,
  routes: AuthRoutesPlace,
  auth: ServerAuth,
): Promise<Response> {
  if (denial.status !== 401 || !isNavigation(request)) return denialResponse(denial);
  const login = new URL(`${routes.basePath}/login`, routes.origin);
  login.searchParams.set("return_to_path", request.nextUrl.pathname + request.nextUrl.search);
  // the host alone: behind a proxy that ends TLS, the request's scheme is http where the browser's is https
  const sameHost = new URL(browserOrigin(routes, request)).host === login.host;
  if (sameHost) return auth.handleAuthRoute(new Request(login, { headers: request.headers }));
  return new Response(null, { status: 307, headers: { Location: login.href, "Cache-Control": "no-store" } });
}

/** The protected routes as matchers with their rules (patterns checked now). */
function compileRoutes(routes: readonly ProtectedRoute[]): { matches: RouteMatcher; rule: AccessRule }[] {
  return routes.map((route) => {
    if (typeof route === "string" || route instanceof RegExp) return { matches: createRouteMatcher(route), rule: {} };
    const { path, ...rule } = route;
    return { matches: createRouteMatcher(path), rule };
  });
}

/** The middleware over a server session whose auth routes are at `place()` (both looked up per request). */
export function createMiddleware(
  auth: () => ServerAuth,
  place: () => AuthRoutesPlace,
  options: OrgauthMiddlewareOptions = {},
): OrgauthMiddleware {
  const routes = compileRoutes(options.protect ?? []);
  return async (request) => {
    const routesPlace = place();
    if (request.nextUrl.pathname.startsWith(`${routesPlace.basePath}/`)) return NextResponse.next();
    const update = await auth().handleRequest(request);
    const requestHeaders = new Headers(update.requestHeaders);
    requestHeaders.set(CURRENT_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
    const withCookies = (response: Response): Response => {
      for (const cookie of update.setCookies) response.headers.append("set-cookie", cookie);
      return response;
    };
    const page = isNavigation(request);
    const { retryable } = update;
    // a page load that lost a rotation race, on any path: it loads again in a second, with the winner's cookies
    if (retryable?.reason === "session_rotated" && page) return withCookies(retryableResponse(retryable, { page }));
    const protect = async (rule?: AccessRule) => {
      if (retryable) return retryableResponse(retryable, { page });
      const denial = checkAccess(update.user, rule);
      return denial && denialAnswer(request, denial, routesPlace, auth());
    };
    for (const route of routes) {
      const refused = route.matches(request) ? await protect(route.rule) : undefined;
      if (refused) return withCookies(refused);
    }
    const next = () => NextResponse.next({ request: { headers: requestHeaders } });
    const answer = options.callback ? await options.callback({ user: update.user, protect, next }, request) : undefined;
    return withCookies(answer ?? next());
  };
}

/**
 * Refreshes the session when needed and passes the request on with the fresh token (and the page's path); lets
 * `/api/auth/*` through.
 * @deprecated Use `createOrgauth(config).middleware()`, which knows where the auth routes are and protects paths.
 */
export const authMiddleware: OrgauthMiddleware = /* @__PURE__ */ createMiddleware(getServerAuth, () => ({
  basePath: "/api/auth",
  // read only for a login redirect: `/api/auth/*` passes through before the session is made
  get origin() {
    return authRoutesPlace(getServerOptions(), this.basePath).origin;
  },
  get trustHost() {
    return authRoutesPlace(getServerOptions(), this.basePath).trustHost;
  },
}));
