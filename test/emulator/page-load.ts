/**
 * A page load through orgauth's Next.js middleware (protecting `/app(.*)`) as a browser sees it, for the rotation-race
 * tests: the status, the `Set-Cookie` lines, where a redirect goes, the `Refresh` of a retry page, and the user the
 * render then reads (from the headers the middleware hands on). Used in this process and in server-instance.ts.
 */
import { NextRequest } from "next/server";
import { createMiddleware } from "../../src/nextjs/middleware.js";
import type { ServerAuth } from "../../src/server/index.js";

/** What a browser sees of one page load. */
export interface PageLoad {
  status: number;
  setCookies: string[];
  location: string | null;
  refresh: string | null;
  email: string | null;
}

/** The page loader of an app at `origin` whose server session is `auth`. */
export function pageLoader(auth: ServerAuth, origin: string): (path: string, cookie: string) => Promise<PageLoad> {
  const place = { origin, basePath: "/api/auth", trustHost: false };
  const middleware = createMiddleware(
    () => auth,
    () => place,
    { protect: ["/app(.*)"] },
  );
  return async (path, cookie) => {
    const request = new NextRequest(new URL(path, origin), { headers: { cookie, accept: "text/html" } });
    const response = await middleware(request);
    const answer = {
      status: response.status,
      setCookies: response.headers.getSetCookie(),
      location: response.headers.get("location"),
      refresh: response.headers.get("refresh"),
      email: null,
    };
    if (response.headers.get("x-middleware-next") !== "1") return answer;
    const forwarded = new Headers();
    for (const [name, value] of response.headers) {
      if (name.startsWith("x-middleware-request-")) forwarded.set(name.slice("x-middleware-request-".length), value);
    }
    const user = await auth.readSession(new Request(new URL(path, origin), { headers: forwarded }));
    return { ...answer, email: user?.email ?? null };
  };
}
