/** A client's hosted-page URL builders and redirect functions, built on first use (an app that never calls them does not bundle them). */
import { clientParts } from "./client-parts.js";
import { createRedirectFunctions, partsPageUrls } from "./hosted-pages.js";
import type { AuthClient, HostedPageUrls, RedirectFunctions } from "./types.js";

/** The URL builders of the provider's hosted pages for `client`'s auth host (the same object on every call). */
export function getHostedPageUrls(client: AuthClient): HostedPageUrls {
  return partsPageUrls(clientParts(client), client.authUrl);
}

/** Navigations to the provider's hosted pages for `client` (the same object on every call). */
export function getRedirectFunctions(client: AuthClient): RedirectFunctions {
  const parts = clientParts(client);
  parts.redirects ??= createRedirectFunctions(getHostedPageUrls(client), parts.navigate);
  return parts.redirects;
}
