/**
 * The browser half's redirect functions. The hosted pages' URL builders (login and signup through the app's auth
 * routes, the others on the auth host) are a chunk of their own (`app-pages.ts`), which `useRedirectFunctions`
 * fetches right after the first render: a click then navigates at once, and one before the chunk arrived waits
 * for it. Once it is here, a bad argument throws to the caller as orgauth/react's redirect functions do.
 */
import type { ClientParts } from "../../session/client-parts.js";
import type { HostedPageUrls, RedirectFunctions } from "../../session/types.js";

type AppPages = typeof import("./app-pages.js");
let loaded: AppPages | undefined;
let loading: Promise<AppPages> | undefined;

/** Fetches the hosted-page builders' chunk (once). */
export function loadAppPages(): Promise<AppPages> {
  loading ??= import("./app-pages.js").then((pages) => (loaded = pages));
  return loading;
}

/** The redirect functions of a server session's client: each builds its URL from the chunk and navigates there. */
export function createAppRedirects(parts: ClientParts): RedirectFunctions {
  const to = (url: (urls: HostedPageUrls) => string) => {
    const go = (pages: AppPages) => parts.navigate(url(pages.appPageUrls(parts)));
    if (loaded) go(loaded);
    else void loadAppPages().then(go);
  };
  return {
    toLogin: (options) => to((urls) => urls.login(options)),
    toSignup: (options) => to((urls) => urls.signup(options)),
    toAccount: (options) => to((urls) => urls.account(options)),
    toOrg: (orgId, options) => to((urls) => urls.org(orgId, options)),
    toCreateOrg: (options) => to((urls) => urls.createOrg(options)),
    toSaml: (orgId, options) => to((urls) => urls.saml(orgId, options)),
    toSocialLogin: (provider) => to((urls) => urls.socialLogin(provider)),
  };
}
