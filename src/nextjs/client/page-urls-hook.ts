/** `useHostedPageUrls` of orgauth/nextjs/client: login and signup are the app's auth routes, the others the auth host's. */
import { useAuthClientFor } from "../../hooks/context.js";
import { clientParts } from "../../session/client-parts.js";
import type { HostedPageUrls } from "../../session/types.js";
import { appPageUrls } from "./app-pages.js";

/** URL builders of the hosted pages: login and signup are the app's auth routes, the others the auth host's pages. */
export function useHostedPageUrls(): HostedPageUrls {
  return appPageUrls(clientParts(useAuthClientFor("useHostedPageUrls")));
}
