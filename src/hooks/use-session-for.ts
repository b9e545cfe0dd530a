/** The session and QueryClient the generated hooks run with: the AuthProvider's client, read from the same context as the hand-written hooks. */
import type { QueryClient } from "@tanstack/react-query";
import { useAuthClientFor } from "./context.js";
import type { MutationSession } from "./mutation-session.js";
import { useQueryClientFor } from "./query-client.js";

/**
 * The provided session and the QueryClient to cache in; throws `"<hookName> must be used within an AuthProvider"`
 * outside one, and says how to provide a QueryClient when there is none (instead of React Query's "No QueryClient set").
 */
export function useSessionFor(hookName: string): [session: MutationSession, queryClient: QueryClient] {
  return [useAuthClientFor(hookName), useQueryClientFor(hookName)];
}
