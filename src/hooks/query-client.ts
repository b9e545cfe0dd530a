/**
 * The QueryClient orgauth's query layer (generated hooks, login flow, MFA) runs in: the one given to the
 * AuthProvider, else the surrounding QueryClientProvider's. The provider cannot see the latter (it imports no
 * TanStack Query), so the query layer leaves it in the provider's slot, for the provider to reset on user change.
 */
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useContext } from "react";
import { QueryClientSlotContext } from "./context.js";

/**
 * The QueryClient of the provider's hooks; throws a message naming the hook and both ways to provide one (instead
 * of React Query's generic "No QueryClient set").
 */
export function useQueryClientFor(hookName: string): QueryClient {
  const slot = useContext(QueryClientSlotContext);
  const outer = useContext(QueryClientContext);
  // a plain assignment of the same client on every render: the provider reads it only when the user changes
  if (!slot.queryClient && outer) slot.found.current = outer;
  const queryClient = slot.queryClient ?? outer;
  if (!queryClient) {
    throw new Error(
      `${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider`,
    );
  }
  return queryClient;
}
