/**
 * `authMiddleware`: the one place a session is refreshed. Export it from `middleware.ts` (Next.js 15) or
 * `proxy.ts` (Next.js 16): it renews an access token near expiry (one refresh in flight per session), writes the
 * cookies on the response and hands the fresh token to the render in a request header.
 */
import { NextResponse, type NextRequest } from "next/server";
import { CURRENT_PATH_HEADER } from "./request-headers.js";
import { getServerAuth } from "./server-config.js";

/** The auth routes answer for themselves (they refresh as they need): the middleware lets them through untouched. */
const AUTH_ROUTES = "/api/auth/";

/** Refreshes the session when needed and passes the request on with the fresh token (and the page's path). */
export async function authMiddleware(request: NextRequest): Promise<NextResponse> {
  if (request.nextUrl.pathname.startsWith(AUTH_ROUTES)) return NextResponse.next();
  const update = await getServerAuth().handleRequest(request);
  const requestHeaders = new Headers(update.requestHeaders);
  requestHeaders.set(CURRENT_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const cookie of update.setCookies) response.headers.append("set-cookie", cookie);
  return response;
}
