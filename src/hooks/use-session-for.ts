/** The session and QueryClient the generated hooks run with: the AuthProvider's client, read from the same context as the hand-written hooks. */
import type { QueryClient } from "@tanstack/react-query";
import { getAuthTransport } from "../session/index.js";
import { useAuthClientFor } from "./context.js";
import type { MutationSession } from "./mutation-session.js";
import { useQueryClientFor } from "./query-client.js";

const sessions = /* @__PURE__ */ new WeakMap<object, Required<MutationSession>>();

/** The client as the generated hooks call it: its fe/v3 transport built once, its refresh and logout. */
function sessionOf(client: ReturnType<typeof useAuthClientFor>): Required<MutationSession> {
  let session = sessions.get(client);
  if (!session) {
    session = { transport: getAuthTransport(client), refresh: () => client.refresh(), logout: () => client.logout() };
    sessions.set(client, session);
  }
  return session;
}

/**
 * The provided session and the QueryClient to cache in; throws `"<hookName> must be used within an AuthProvider"`
 * outside one, and says how to provide a QueryClient when there is none (instead of React Query's "No QueryClient set").
 */
export function useSessionFor(hookName: string): [session: Required<MutationSession>, queryClient: QueryClient] {
  const client = useAuthClientFor(hookName);
  return [sessionOf(client), useQueryClientFor(hookName)];
}
