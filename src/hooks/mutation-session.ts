/**
 * The session the generated mutation options call through, and the session effects (`x-session-effect`) a
 * successful mutation runs on it. No React here: the options run on a server too; `useSessionFor` reads the
 * AuthProvider's session for the hooks.
 */
import { getAuthTransport, type AuthClient } from "../session/index.js";
import type { OperationCaller } from "../transport/index.js";

/**
 * What the generated hooks and mutation options need from the session client; an `AuthClient` fits (its fe/v3
 * transport is `getAuthTransport(client)`).
 */
export interface MutationSession {
  /** The fe/v3 transport the fetchers call; without it, the client's (`getAuthTransport`). */
  readonly transport?: OperationCaller;
  /** Re-runs the session refresh (`x-session-effect: refresh`). */
  refresh(): Promise<unknown>;
  /** Ends the local session (`x-session-effect: logout`). */
  logout(): Promise<unknown>;
}

/** The transport a session's fetchers call: its own, else its client's fe/v3 transport. */
export function transportOf(session: MutationSession): OperationCaller {
  return session.transport ?? getAuthTransport(session as AuthClient);
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
