/**
 * The cookie jar of the testing kit's fetches: cookies per host name, as a browser keeps them for a test's few hosts
 * (path, domain and `Secure` are not told apart).
 */

/** Cookies kept per host name: the `Cookie` header to send, the `Set-Cookie` lines to keep. */
export interface CookieJars {
  /** The `Cookie` header for a request to `hostname`, or undefined when none is held. */
  header(hostname: string): string | undefined;
  /** Keeps (or deletes) the cookies of a response's `Set-Cookie` lines from `hostname`. */
  store(hostname: string, setCookieLines: readonly string[]): void;
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

/** Creates empty cookie jars. */
export function createCookieJars(): CookieJars {
  const jars = new Map<string, Map<string, string>>();
  const jarFor = (hostname: string) => {
    const jar = jars.get(hostname) ?? new Map<string, string>();
    jars.set(hostname, jar);
    return jar;
  };
  return {
    header(hostname) {
      const jar = jarFor(hostname);
      return jar.size > 0 ? [...jar].map(([name, value]) => `${name}=${value}`).join("; ") : undefined;
    },
    store(hostname, setCookieLines) {
      const jar = jarFor(hostname);
      for (const line of setCookieLines) {
        const [pair = "", ...attributes] = line.split(";");
        const at = pair.indexOf("=");
        if (at <= 0) continue;
        const name = pair.slice(0, at).trim();
        if (deletes(attributes, Date.now())) jar.delete(name);
        else jar.set(name, pair.slice(at + 1).trim());
      }
    },
    cookies: (hostname) => Object.fromEntries(jarFor(hostname)),
  };
}
