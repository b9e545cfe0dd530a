/**
 * `useRedirectFunctions()` of orgauth/nextjs/client. Each function waits for the hosted pages' URL builders
 * (session/hosted-pages.ts), which come in the browser half's later chunk (later-parts.ts, asked for once the
 * provider's client starts), so a page's first load does not carry them: login and signup go through the app's
 * auth routes, the other pages to the auth host.
 */
import { useMemo } from "react";
import { useAuthClientFor } from "../../hooks/context.js";
import { clientRegistry } from "../../session/client-parts.js";
import type { AuthClient, HostedPageUrls, RedirectFunctions } from "../../session/types.js";

/** orgauth's `RedirectFunctions`, each returning a promise: it settles once the navigation starts, or rejects with the URL builder's typed error. */
export type ServerSessionRedirectFunctions = {
  [Name in keyof RedirectFunctions]: (...args: Parameters<RedirectFunctions[Name]>) => Promise<void>;
};

/** The redirect functions of a server-session client. */
function serverSessionRedirects(client: AuthClient): ServerSessionRedirectFunctions {
  // the provider's own client: its session client registered its parts
  const parts = clientRegistry.get(client)!;
  const to =
    <Page extends keyof HostedPageUrls>(page: Page) =>
    async (...args: Parameters<HostedPageUrls[Page]>) => {
      const { partsPageUrls } = await import("./later-parts.js");
      const build = partsPageUrls(parts, client.authUrl)[page] as (...pageArgs: typeof args) => string;
      parts.navigate(build(...args));
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

/** Navigations to the app's login and signup routes and to the auth host's account, org, SAML and social pages. */
export function useRedirectFunctions(): ServerSessionRedirectFunctions {
  const client = useAuthClientFor("useRedirectFunctions");
  return useMemo(() => serverSessionRedirects(client), [client]);
}

/**
 * A function that logs out (`{ redirect: true }` reloads the page afterwards). The same three lines as orgauth/react's
 * `useLogoutFunction`, on purpose: importing that one reaches orgauth/react's client file (and the URL builders), and
 * a module of its own shared by both entries costs a chunk in the package (+19 B gz on the browser half, measured).
 */
export function useLogoutFunction(): (options?: { redirect?: boolean }) => Promise<void> {
  const client = useAuthClientFor("useLogoutFunction");
  return useMemo(() => (options?: { redirect?: boolean }) => client.logout(options), [client]);
}
