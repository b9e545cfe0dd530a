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
/** Any of the URL builders, called with the arguments its redirect function was given. */
type Builder = (...args: unknown[]) => string;

/** Fetches the hosted-page builders' chunk (once). */
export function loadAppPages(): Promise<AppPages> {
  loading ??= import("./app-pages.js").then((pages) => (loaded = pages));
  return loading;
}

/** The redirect functions of a server session's client: each builds its URL from the chunk and navigates there. */
export function createAppRedirects(parts: ClientParts): RedirectFunctions {
  const to =
    (page: keyof HostedPageUrls) =>
    (...args: unknown[]) => {
      const go = (pages: AppPages) => parts.navigate((pages.appPageUrls(parts)[page] as Builder)(...args));
      if (loaded) go(loaded);
      else void loadAppPages().then(go);
    };
  return {
    toLogin: to("login"),
    toSignup: to("signup"),
    toAccount: to("account"),
    toOrg: to("org"),
    toCreateOrg: to("createOrg"),
    toSaml: to("saml"),
    toSocialLogin: to("socialLogin"),
  };
}
