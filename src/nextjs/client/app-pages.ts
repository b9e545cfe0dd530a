/**
 * Where the browser half's hosted-page URLs go: login and signup through this app's auth routes (the server flow sets
 * the session cookies on the app's own domain), the other hosted pages (account, org, create org, SAML, social) on
 * the auth host as orgauth's browser client builds them. A chunk of its own: `app-redirects.ts` loads it on use.
 */
import type { ClientParts } from "../../session/client-parts.js";
import { createHostedPageUrls } from "../../session/hosted-pages.js";
import { assertReturnTarget } from "../../session/safe-navigation.js";
import type { HostedPageUrls, SignupLoginPageOptions } from "../../session/types.js";

/**
 * The hosted-page URLs of a server session's client, built once and kept in its parts: `login` and `signup` are
 * `{appRoutes}/login` and `/signup` with the given params and `return_to_path` (the path of a `returnTo` on this
 * page's origin; an `UnsafeNavigationError` for another origin), the rest the auth host's pages.
 */
export function appPageUrls(parts: ClientParts): HostedPageUrls {
  const { currentHref } = parts;
  const route = (page: string) => (options?: SignupLoginPageOptions) => {
    const href = currentHref();
    const url = new URL(`${parts.appRoutes}/${page}`, href ?? "http://localhost");
    for (const [key, value] of Object.entries(options?.params ?? {})) url.searchParams.set(key, value);
    if (options?.returnTo !== undefined) {
      const target = new URL(assertReturnTarget(options.returnTo, href, new Set()));
      url.searchParams.set("return_to_path", target.pathname + target.search + target.hash);
    }
    return href === null ? url.pathname + url.search : url.href;
  };
  parts.urls ??= {
    ...createHostedPageUrls(parts.transport!.authUrl, currentHref),
    login: route("login"),
    signup: route("signup"),
  };
  return parts.urls;
}
