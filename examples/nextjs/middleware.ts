/**
 * The middleware (Next.js 15; in Next.js 16 the same file is `proxy.ts` and exports `proxy`): the one place the
 * session is refreshed. Everything under /app needs a signed-in user (a page load without one goes to the login and
 * back); the callback is the app's own middleware, composed with the session.
 */
import { orgauth } from "./lib/orgauth";

export const middleware = orgauth.middleware({
  protect: ["/app(.*)"],
  callback: (auth) => {
    const response = auth.next();
    response.headers.set("x-example-signed-in", auth.user ? "yes" : "no");
    return response;
  },
});

export const config = {
  // Node.js, as pages and route handlers run (in Next.js 16 the proxy always does)
  runtime: "nodejs",
  // every page and API route but Next's own files
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
