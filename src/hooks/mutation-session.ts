/**
 * The session the generated hooks call through: the AuthProvider's client, read from the same context as the
 * hand-written hooks, and the session effects (`x-session-effect`) a successful mutation runs on it.
 */
import { QueryClientContext } from "@tanstack/react-query";
import { useContext } from "react";
import type { OperationCaller } from "../transport/index.js";
import { useAuthClientFor } from "./context.js";

/** What the generated hooks and mutation options need from the session client; an `AuthClient` fits. */
export interface MutationSession {
  /** The fe/v3 transport the fetchers call. */
  readonly transport: OperationCaller;
  /** Re-runs the session refresh (`x-session-effect: refresh`). */
  refresh(): Promise<unknown>;
  /** Ends the local session (`x-session-effect: logout`). */
  logout(): Promise<unknown>;
}

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

/** Refreshes the session; a failed refresh is already reported by the session engine and must not fail the mutation. */
export async function refreshSession(session: MutationSession): Promise<void> {
  try {
    await session.refresh();
  } catch {
    // the engine keeps or drops the session itself and emits a refresh_failed event
  }
}

/** Ends the local session; when the logout call fails (the server session may be gone already) a refresh settles the state. */
export async function endSession(session: MutationSession): Promise<void> {
  try {
    await session.logout();
  } catch {
    await refreshSession(session);
  }
}
