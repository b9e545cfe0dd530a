/**
 * Where the browser half's redirects go: login and signup through this app's auth routes (the server flow sets the
 * session cookies on the app's own domain), the other hosted pages (account, org, create org, SAML, social) on the
 * auth host as orgauth's browser client sends them.
 */
import { createHostedPageUrls } from "../../session/hosted-pages.js";
import { assertReturnTarget } from "../../session/safe-navigation.js";
import type { HostedPageUrls, SignupLoginPageOptions } from "../../session/types.js";

/** The path (with query and hash) of a `returnTo` on this page's origin; an `UnsafeNavigationError` for another origin. */
function returnPath(returnTo: string | undefined, currentHref: string | null): string | undefined {
  if (returnTo === undefined) return undefined;
  const url = new URL(assertReturnTarget(returnTo, currentHref, new Set()));
  return url.pathname + url.search + url.hash;
}

/**
 * The hosted-page URLs of the server session: `login` and `signup` are `{authRoutes}/login` and `/signup` with
 * `return_to_path` (and the given params), the rest the auth host's pages.
 */
export function createAppPageUrls(
  authUrl: string,
  authRoutes: string,
  currentHref: () => string | null,
): HostedPageUrls {
  const hosted = createHostedPageUrls(authUrl, currentHref);
  const route = (name: string) => (options?: SignupLoginPageOptions) => {
    const href = currentHref();
    const url = new URL(`${authRoutes}/${name}`, href ?? "http://localhost");
    for (const [key, value] of Object.entries(options?.params ?? {})) url.searchParams.set(key, value);
    const path = returnPath(options?.returnTo, href);
    if (path !== undefined) url.searchParams.set("return_to_path", path);
    return href === null ? url.pathname + url.search : url.href;
  };
  return { ...hosted, login: route("login"), signup: route("signup") };
}
