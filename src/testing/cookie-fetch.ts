/**
 * A `fetch` that keeps cookies as a browser does, for Node test suites that log in against the emulator: every
 * `Set-Cookie` answered (redirects included: they are not followed, so the cookie a 303 sets is kept) is stored per
 * host name and sent back on later requests to that host.
 */
import { createCookieJars } from "./cookie-jar.js";

/** A cookie-keeping fetch and what it holds. */
export interface CookieFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The cookies held for a host name (name → value). */
  cookies(hostname: string): Record<string, string>;
}

/**
 * Creates a fetch with its own cookie jar on `baseFetch` (default the global `fetch`, which jsdom has not: under jest
 * with jsdom, use `createNodeFetch`); redirects are answered, not followed (`redirect: "manual"`).
 */
export function createCookieFetch(baseFetch: typeof fetch = fetch): CookieFetch {
  const jars = createCookieJars();
  const cookieFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { hostname } = new URL(request.url);
    const headers = new Headers(request.headers);
    const cookie = jars.header(hostname);
    if (cookie !== undefined) headers.set("Cookie", cookie);
    const response = await baseFetch(new Request(request, { headers, redirect: "manual" }));
    jars.store(hostname, response.headers.getSetCookie());
    return response;
  };
  return Object.assign(cookieFetch, { cookies: jars.cookies });
}
