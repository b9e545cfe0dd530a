/** The QueryClient the hand-written query-backed hooks (login flow, MFA) run in, with a clear error when none exists. */
import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useContext } from "react";

/** The surrounding QueryClient; throws a message naming the hook and both ways to provide one. */
export function useQueryClientFor(hookName: string): QueryClient {
  const queryClient = useContext(QueryClientContext);
  if (!queryClient) {
    throw new Error(
      `${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider`,
    );
  }
  return queryClient;
}
