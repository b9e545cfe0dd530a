/**
 * `<AuthProvider>` of orgauth/nextjs/client: the server session in the browser. It starts from the user the server
 * rendered with, so a signed-in page's first paint is signed in (the server render and the hydration render agree:
 * no loading state, no hydration warning), and provides orgauth's React contexts: `useAuthInfo`, `RequireAuth`, the
 * org and access helpers and every generated query hook of orgauth/react work below it.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import type { AuthSnapshot } from "../../session/types.js";
import { AuthClientContext, AuthSettingsContext, AuthStateContext, type AuthFallbacks } from "../../hooks/context.js";
import type { ClientUser } from "../client-user.js";
import { createServerSessionClient } from "./session-client.js";

/** Props of `<AuthProvider>` (orgauth/nextjs/client). */
export interface AuthProviderProps extends AuthFallbacks {
  /** The user the server rendered with: `toClientUser(await getUser())` in the root layout (null: signed out). */
  user: ClientUser | null;
  /** The auth URL (NEXT_PUBLIC_AUTH_URL): the hosted pages and the generated hooks' front-end calls go there. */
  authUrl: string;
  /** Where the app's auth routes live (`app/api/auth/[slug]/route.ts`). Default `/api/auth`. */
  authRoutes?: string;
  /** The QueryClient the generated hooks run in; without it, the surrounding QueryClientProvider's. */
  queryClient?: QueryClient;
  /** When the signed-in user changes, reset `queryClient`'s cache (one user's data never shows to the next). Default true. */
  resetQueriesOnUserChange?: boolean;
  children?: ReactNode;
}

const userIdOf = (snapshot: AuthSnapshot) => (snapshot.status === "logged_in" ? snapshot.authInfo.user.userId : null);

/** Provides the server session (and optionally a QueryClient) to the hooks below it. */
export function AuthProvider(props: AuthProviderProps): ReactNode {
  const { user, queryClient } = props;
  const [session] = useState(() => createServerSessionClient(props));
  const { client } = session;
  // a later server render (navigation, router.refresh()) hands a newer user (the first one changes nothing)
  useEffect(() => session.adopt(user), [session, user]);
  useEffect(() => client.destroy, [client]);
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  const usedQueryClient = useRef<QueryClient | undefined>(undefined);
  const reset = props.resetQueriesOnUserChange ?? true;
  const previousUserId = useRef(userIdOf(snapshot));
  useEffect(() => {
    const userId = userIdOf(snapshot);
    const replaced = previousUserId.current !== null && previousUserId.current !== userId;
    previousUserId.current = userId;
    const cache = queryClient ?? usedQueryClient.current;
    if (!replaced || !reset || !cache) return;
    cache.getMutationCache().clear();
    void cache.resetQueries();
  }, [snapshot, queryClient, reset]);
  const activeOrgId = snapshot.status === "logged_in" ? snapshot.activeOrgId : null;
  const state = useMemo(
    () => ({
      snapshot,
      // the session client's own method: it reads no `this`
      activeOrg: { activeOrgId, setActiveOrgId: client.setActiveOrgId },
    }),
    [snapshot, activeOrgId, client],
  );
  const { loadingFallback, loggedOutFallback, loginFailedFallback } = props;
  const settings = useMemo(
    () => ({ loadingFallback, loggedOutFallback, loginFailedFallback, queryClient, usedQueryClient }),
    [loadingFallback, loggedOutFallback, loginFailedFallback, queryClient],
  );
  return (
    <AuthClientContext.Provider value={client}>
      <AuthStateContext.Provider value={state}>
        <AuthSettingsContext.Provider value={settings}>{props.children}</AuthSettingsContext.Provider>
      </AuthStateContext.Provider>
    </AuthClientContext.Provider>
  );
}
