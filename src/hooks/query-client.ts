/**
 * The QueryClient orgauth's query layer (generated hooks, login flow, MFA) runs in: the one given to the
 * AuthProvider, else the surrounding QueryClientProvider's. The provider cannot see the latter (it imports no
 * TanStack Query), so the query layer leaves the client it ran in in the provider's settings, for the provider to
 * reset on user change.
 */
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useContext } from "react";
import { AuthSettingsContext } from "./context.js";

/**
 * The QueryClient of the provider's hooks; throws a message naming the hook and both ways to provide one (instead
 * of React Query's generic "No QueryClient set").
 */
export function useQueryClientFor(hookName: string): QueryClient {
  const settings = useContext(AuthSettingsContext);
  const outer = useContext(QueryClientContext);
  const queryClient = settings.queryClient ?? outer;
  if (!queryClient) {
    throw new Error(
      `${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider`,
    );
  }
  // the same client on every render: the provider resets it when the user changes, also after this hook unmounts
  if (settings.usedQueryClient) settings.usedQueryClient.current = queryClient;
  return queryClient;
}
