/**
 * `useRedirectFunctions` of orgauth/nextjs/client: orgauth/react's, with login and signup through the app's auth
 * routes; the hosted pages' URL builders are fetched right after the first render (`app-redirects.ts`).
 */
import { useEffect } from "react";
import { useAuthClientFor } from "../../hooks/context.js";
import { clientParts } from "../../session/client-parts.js";
import type { RedirectFunctions } from "../../session/types.js";
import { loadAppPages } from "./app-redirects.js";

/** Navigations to the hosted pages: login and signup through the app's auth routes, the others to the auth host. */
export function useRedirectFunctions(): RedirectFunctions {
  const client = useAuthClientFor("useRedirectFunctions");
  useEffect(() => void loadAppPages(), []);
  return clientParts(client).redirects!;
}
