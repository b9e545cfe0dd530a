/**
 * One user's cached data never shows to the next: when a known user is replaced (logout, or another user logs in
 * in another tab) the QueryClient's queries are reset and its mutations dropped. Calls the QueryClient's own
 * methods only, so the provider needs no import of TanStack Query for it.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { AuthClient, AuthSnapshot } from "../session/index.js";

/** The identity a snapshot belongs to: undefined while loading, null when logged out, else the user id. */
function identityOf(snapshot: AuthSnapshot): string | null | undefined {
  if (snapshot.status === "loading") return undefined;
  return snapshot.status === "logged_in" ? snapshot.authInfo.user.userId : null;
}

/**
 * Resets the QueryClient `target()` names at that moment (none: nothing to reset) whenever `client`'s logged-in
 * user is replaced; returns the unsubscribe function.
 */
export function resetQueriesWhenUserChanges(client: AuthClient, target: () => QueryClient | undefined): () => void {
  let previous = identityOf(client.getSnapshot());
  return client.subscribe(() => {
    const next = identityOf(client.getSnapshot());
    if (next === undefined || next === previous) return;
    const replacedUser = typeof previous === "string";
    previous = next;
    const queryClient = target();
    if (!replacedUser || !queryClient) return;
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ type: "inactive" });
    void queryClient.resetQueries();
  });
}
