/** The session the generated hooks call through: the AuthProvider's client, read from the same context as the hand-written hooks. */
import { QueryClientContext } from "@tanstack/react-query";
import { useContext } from "react";
import { useAuthClientFor } from "./context.js";
import type { MutationSession } from "./mutation-session.js";

/**
 * The provided session; throws `"<hookName> must be used within an AuthProvider"` outside one, and says how to
 * provide a QueryClient when there is none (instead of React Query's generic "No QueryClient set").
 */
export function useSessionFor(hookName: string): MutationSession {
  const session = useAuthClientFor(hookName);
  if (!useContext(QueryClientContext)) {
    throw new Error(
      `${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider`,
    );
  }
  return session;
}
