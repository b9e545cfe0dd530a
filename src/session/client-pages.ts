/** A client's hosted-page URL builders and redirect functions, built on first use (an app that never calls them does not bundle them). */
import { clientParts, perClient } from "./client-parts.js";
import { createHostedPageUrls, createRedirectFunctions } from "./hosted-pages.js";
import type { AuthClient, HostedPageUrls, RedirectFunctions } from "./types.js";

/** The URL builders of the provider's hosted pages for `client`'s auth host (the same object on every call). */
export const getHostedPageUrls: (client: AuthClient) => HostedPageUrls = /* @__PURE__ */ perClient((client) => {
  const parts = clientParts(client);
  return createHostedPageUrls(client.authUrl, () => parts.currentHref(), parts.allowedRedirectOrigins);
});

/** Navigations to the provider's hosted pages for `client` (the same object on every call). */
export const getRedirectFunctions: (client: AuthClient) => RedirectFunctions = /* @__PURE__ */ perClient((client) => {
  const parts = clientParts(client);
  return createRedirectFunctions(getHostedPageUrls(client), (url) => parts.navigate(url));
});
