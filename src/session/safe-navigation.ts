/**
 * Navigation safety: only http(s) targets are ever followed; targets the server hands us must be https (plain
 * http only to a loopback host), and a `returnTo` must stay on the app's own origin or an allowed one.
 */
import { isLoopbackHost } from "../shared/loopback.js";
import { parseUrl } from "../shared/parse-url.js";
import { UnsafeNavigationError } from "./unsafe-navigation-error.js";

/**
 * Returns the target as an absolute http(s) URL string, or throws `UnsafeNavigationError`
 * (for `javascript:`, `data:`, `file:` … or an unparseable value). `source` names where it came from.
 */
export function assertSafeNavigationTarget(target: unknown, source: string, base?: string): string {
  return safeUrl(target, source, base).href;
}

/** `assertSafeNavigationTarget`'s URL, parsed once for the checks that follow. */
function safeUrl(target: unknown, source: string, base?: string): URL {
  const url = typeof target === "string" && parseUrl(target, base);
  if (!url) throw new UnsafeNavigationError(null, source); // not a string, or not a URL
  if (!/^https?:$/.test(url.protocol)) throw new UnsafeNavigationError(url.protocol, source);
  return url;
}

/**
 * A target the auth server handed us (logout `redirect_to`, SAML `login_url`): http(s) as above, and https unless
 * the host is a loopback one (`isLoopbackHost`) — plain http elsewhere could be rewritten on the way.
 */
export function assertServerGivenTarget(target: unknown, source: string, base?: string): string {
  const url = safeUrl(target, source, base);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new UnsafeNavigationError("http:", source, "https is required except for loopback hosts");
  }
  return url.href;
}

/**
 * A `returnTo` the app passes on (perhaps from its own query string): http(s), resolved against the current page,
 * and on the app's own origin or one of `allowedOrigins`; anything else (`//evil.example`, `\\evil`,
 * `https://evil.example`) is an open redirect and throws `UnsafeNavigationError`.
 */
export function assertReturnTarget(
  target: string,
  currentHref: string | null,
  allowedOrigins: ReadonlySet<string>,
): string {
  const { href, origin } = safeUrl(target, "returnTo option", currentHref ?? undefined);
  const appOrigin = currentHref === null ? null : new URL(currentHref).origin;
  if (origin !== appOrigin && !allowedOrigins.has(origin)) {
    throw new UnsafeNavigationError(
      null,
      "returnTo option",
      `${origin} is neither the app's origin nor in allowedRedirectOrigins`,
    );
  }
  return href;
}
