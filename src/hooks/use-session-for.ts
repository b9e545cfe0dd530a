/** The session and QueryClient the generated hooks run with: the AuthProvider's client, read from the same context as the hand-written hooks. */
import type { QueryClient } from "@tanstack/react-query";
import { useAuthClientFor } from "./context.js";
import type { MutationSession } from "./mutation-session.js";
import { useQueryClientFor } from "./query-client.js";

/** What a generated hook runs with: the provided session and the QueryClient it caches in. */
export interface HookSession {
  session: MutationSession;
  queryClient: QueryClient;
}

/**
 * The provided session and QueryClient; throws `"<hookName> must be used within an AuthProvider"` outside one,
 * and says how to provide a QueryClient when there is none (instead of React Query's generic "No QueryClient set").
 */
export function useSessionFor(hookName: string): HookSession {
  const session = useAuthClientFor(hookName);
  return { session, queryClient: useQueryClientFor(hookName, session) };
}
