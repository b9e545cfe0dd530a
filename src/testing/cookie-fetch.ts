/**
 * A `fetch` that keeps cookies as a browser does, for Node test suites that log in against the emulator: every
 * `Set-Cookie` answered (redirects included: they are not followed, so the cookie a 303 sets is kept) is stored per
 * host name and sent back on later requests to that host.
 */

/** A cookie-keeping fetch and what it holds. */
export interface CookieFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** The cookies held for a host name (name → value). */
  cookies(hostname: string): Record<string, string>;
}

/** True when a Set-Cookie line's attributes delete the cookie (Max-Age ≤ 0 or an Expires in the past). */
function deletes(attributes: string[], now: number): boolean {
  return attributes.some((attribute) => {
    const [key = "", value = ""] = attribute.split("=").map((part) => part.trim());
    if (key.toLowerCase() === "max-age") return Number(value) <= 0;
    if (key.toLowerCase() === "expires") return Date.parse(value) <= now;
    return false;
  });
}

/** Creates a fetch with its own cookie jar; redirects are answered, not followed (`redirect: "manual"`). */
export function createCookieFetch(baseFetch: typeof fetch = fetch): CookieFetch {
  const jars = new Map<string, Map<string, string>>();
  const jarFor = (hostname: string) => {
    const jar = jars.get(hostname) ?? new Map<string, string>();
    jars.set(hostname, jar);
    return jar;
  };
  const cookieFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const jar = jarFor(new URL(request.url).hostname);
    const headers = new Headers(request.headers);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await baseFetch(new Request(request, { headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      if (deletes(attributes, Date.now())) jar.delete(name);
      else jar.set(name, pair.slice(at + 1).trim());
    }
    return response;
  };
  return Object.assign(cookieFetch, { cookies: (hostname: string) => Object.fromEntries(jarFor(hostname)) });
}
