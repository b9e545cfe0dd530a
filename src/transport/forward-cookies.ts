/**
 * Server side: a `fetch` that sends the incoming request's cookies along, so a transport built on it calls the
 * provider's API as the visitor (from a route handler, a server component or a server action). Framework-free.
 */

/** Anything a server framework hands over that holds the incoming request's headers. */
export type CookieSource = Request | { get(name: string): string | null | undefined } | string | null | undefined;

/** The `Cookie` header of a request, a header bag (`Headers`, Next's `headers()`), or the header's value itself. */
function cookieHeaderOf(source: CookieSource): string | null {
  if (source === null || source === undefined) return null;
  if (typeof source === "string") return source;
  const headers = source instanceof Request ? source.headers : source;
  return headers.get("cookie") ?? null;
}

/**
 * Returns a `fetch` that adds the incoming request's `Cookie` header to every call (the visitor's session with the
 * auth host), for `createTransport({ authUrl, fetch: forwardCookies(request) })`. Nothing else of the incoming
 * request is forwarded; without a cookie the calls go out as they are (and the API answers `not_logged_in`).
 */
export function forwardCookies(
  source: CookieSource,
  fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): typeof globalThis.fetch {
  const cookie = cookieHeaderOf(source);
  return (input, init) => {
    if (!cookie) return fetch(input, init);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    headers.set("cookie", cookie);
    return fetch(input, { ...init, headers });
  };
}
