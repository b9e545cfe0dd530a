/**
 * The QueryClient orgauth's query layer (generated hooks, login flow, MFA) runs in: the one given to the
 * AuthProvider, else the surrounding QueryClientProvider's. The provider cannot see the latter (it imports no
 * TanStack Query), so the query layer asks it to reset that one too when the user changes.
 */
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useContext, useEffect } from "react";
import type { AuthClient } from "../session/index.js";
import { QueryClientSlotContext } from "./context.js";
import { resetOnceWhenUserChanges } from "./reset-on-user-change.js";

/**
 * The QueryClient for `client`'s hooks; throws a message naming the hook and both ways to provide one (instead of
 * React Query's generic "No QueryClient set").
 */
export function useQueryClientFor(hookName: string, client: AuthClient): QueryClient {
  const slot = useContext(QueryClientSlotContext);
  const outer = useContext(QueryClientContext);
  const queryClient = slot.queryClient ?? outer;
  const fromOuter = slot.queryClient === null && slot.resetQueriesOnUserChange ? outer : undefined;
  useEffect(() => {
    if (fromOuter) resetOnceWhenUserChanges(client, fromOuter);
  }, [client, fromOuter]);
  if (!queryClient) {
    throw new Error(
      `${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider`,
    );
  }
  return queryClient;
}
