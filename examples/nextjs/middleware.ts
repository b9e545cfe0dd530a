/**
 * The middleware (Next.js 15; in Next.js 16 the same two lines go in `proxy.ts`): the one place the session is
 * refreshed. It renews an access token near expiry, writes the cookies and hands the fresh token to the render.
 */
import { authMiddleware } from "orgauth/nextjs";

export const middleware = authMiddleware;

export const config = {
  // Node.js, as pages and route handlers run (in Next.js 16 the proxy always does)
  runtime: "nodejs",
  // every page and API route but Next's own files
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
