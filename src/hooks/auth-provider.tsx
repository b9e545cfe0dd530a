/**
 * `<AuthProvider>`: owns (or borrows) one session client, subscribes to it with `useSyncExternalStore`, and
 * shares it with every hook. The client is created outside render effects; in a browser it sends the page's first
 * refresh at creation, which every client of the same auth URL in the page shares, so a StrictMode double render
 * makes one refresh request, not two. It imports nothing of TanStack Query at run
 * time: a `queryClient` it is given goes to orgauth's own context, where the query layer (the generated hooks,
 * `useLoginFlow`, `useMfa`) finds it; `<AuthQueryProvider>` also hands it to TanStack Query's own hooks.
 */
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import {
  createAuthClient,
  tabSync,
  type AuthClient,
  type AuthClientOptions,
  type AuthSnapshot,
} from "../session/index.js";
import { clientParts } from "../session/client-parts.js";
import { globalTimers, type Timers } from "../transport/timeout.js";
import {
  AuthClientContext,
  AuthSettingsContext,
  AuthStateContext,
  type ActiveOrgState,
  type AuthFallbacks,
} from "./context.js";
import { RequireAuth } from "./require-auth.js";

interface CommonProps {
  children?: ReactNode;
  /**
   * The QueryClient the generated query and mutation hooks, `useLoginFlow` and `useMfa` run in; without it they use
   * the surrounding QueryClientProvider's. TanStack Query's own hooks (`useQuery`, `useQueryClient`) do not see it
   * through `<AuthProvider>`: use `<AuthQueryProvider>` or your own `<QueryClientProvider>` for them.
   */
  queryClient?: QueryClient | undefined;
  /**
   * When the logged-in user changes (logout, or another user logs in), reset every cached query and drop
   * mutations, so one user's data never shows to the next: in `queryClient`, or in the surrounding
   * QueryClientProvider's client once a generated hook has run in it below this provider. Default true.
   */
  resetQueriesOnUserChange?: boolean;
  /**
   * Render the children only for a logged-in user: an app-wide login gate. While loading it shows
   * `loadingFallback`; a logged-out visitor sees `loggedOutFallback`, or without one is sent to the hosted login page.
   */
  requireLogin?: boolean;
  /** Shown while the session loads, by the login gate and by every guard below that has none of its own. */
  loadingFallback?: ReactNode;
  /** Shown to a logged-out visitor, by the login gate and by every guard below that has none of its own. */
  loggedOutFallback?: ReactNode;
  /** Shown by the login gate and the guards when a return from the hosted login still finds no session. */
  loginFailedFallback?: AuthFallbacks["loginFailedFallback"];
}

/** Props of `<AuthProvider>`: an auth URL (the provider creates and owns the client) or an existing client. */
export type AuthProviderProps = CommonProps &
  (
    | { authUrl: string; options?: Omit<AuthClientOptions, "authUrl">; client?: never }
    | { client: AuthClient; authUrl?: never; options?: never }
  );

/** A client the provider owns: the auth URL it was made for, its timers, and how to cancel its pending destroy. */
interface OwnedClient {
  authUrl: string;
  client: AuthClient;
  timers: Timers;
  cancelDestroy?: () => void;
}

/**
 * Creates the client once per provider instance and auth URL (`options` are read when it is created), with
 * cross-tab coordination (`tabs: tabSync`) unless `options.tabs` says otherwise. A
 * StrictMode double render may call the creation twice; the spare client never subscribes (it never starts),
 * and its first refresh is the one the kept client adopts: one request. An owned client is destroyed shortly after it is replaced or unmounted (a StrictMode
 * effect replay cancels that).
 */
function useProvidedClient(props: AuthProviderProps): AuthClient {
  const authUrl = props.client ? undefined : props.authUrl;
  // an owned client, its timers (the library's one timer seam) and how to cancel its pending destroy
  const create = (url: string): OwnedClient => ({
    authUrl: url,
    client: createAuthClient({ tabs: tabSync, ...props.options, authUrl: url }),
    timers: props.options?.environment ?? globalTimers,
  });
  const [owned, setOwned] = useState(() => (authUrl === undefined ? null : create(authUrl)));
  let current = owned;
  if (authUrl !== undefined && owned?.authUrl !== authUrl) {
    current = create(authUrl); // a new auth URL (or a switch from `client` to `authUrl`): a new client
    setOwned(current);
  }
  // its first refresh leaves now (no-op once sent), not a microtask after the first render of the whole tree
  if (current) clientParts(current.client).firstRefresh!();
  useEffect(() => {
    if (!current) return undefined;
    current.cancelDestroy?.(); // a StrictMode effect replay keeps its client
    return () => {
      const { client, timers } = current;
      const handle = timers.setTimeout(() => client.destroy(), 0);
      current.cancelDestroy = () => timers.clearTimeout(handle);
    };
  }, [current]);
  return props.client ?? current!.client;
}

/** The identity a snapshot belongs to: undefined while loading, null when logged out, else the user id. */
function identityOf(snapshot: AuthSnapshot): string | null | undefined {
  if (snapshot.status === "loading") return undefined;
  return snapshot.status === "logged_in" ? snapshot.authInfo.user.userId : null;
}

/**
 * Resets the query cache when a known user is replaced (logout, or another user in another tab): the given
 * QueryClient's, else the one the query layer ran in, left in the returned holder. The front-end API answers by
 * cookie, so a query hook can cache a user's data before the session's first answer: when that answer finds no
 * session (a logout came first), the client a hook ran in is reset too. Calls the QueryClient's own methods
 * only: no import of TanStack Query.
 */
function useResetQueriesOnUserChange(client: AuthClient, queryClient: QueryClient | undefined, enabled: boolean) {
  const used = useRef<QueryClient | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return undefined;
    let previous = identityOf(client.getSnapshot());
    return client.subscribe(() => {
      const next = identityOf(client.getSnapshot());
      // a user replaced (user ids are never empty), or the first answer finds no session after a hook ran in `used`
      const cache = next !== previous && (previous ? (queryClient ?? used.current) : !next && used.current);
      previous = next;
      if (!cache) return;
      cache.getMutationCache().clear();
      void cache.resetQueries();
    });
  }, [client, queryClient, enabled]);
  return used;
}

/** Provides the session client, its live auth state and (optionally) a QueryClient to orgauth's hooks below it. */
export function AuthProvider(props: AuthProviderProps): ReactNode {
  const client = useProvidedClient(props);
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot, client.getSnapshot);
  // the active org of the snapshot (none while nobody is logged in) and the client's setter
  const activeOrgId = snapshot.status === "logged_in" ? snapshot.activeOrgId : null;
  const activeOrg: ActiveOrgState = useMemo(
    () => ({ activeOrgId, setActiveOrgId: (orgId) => client.setActiveOrgId(orgId) }),
    [client, activeOrgId],
  );
  const { queryClient } = props;
  const usedQueryClient = useResetQueriesOnUserChange(client, queryClient, props.resetQueriesOnUserChange ?? true);
  const state = useMemo(() => ({ snapshot, activeOrg }), [snapshot, activeOrg]);
  const { loadingFallback, loggedOutFallback, loginFailedFallback } = props;
  const settings = useMemo(
    () => ({ loadingFallback, loggedOutFallback, loginFailedFallback, queryClient, usedQueryClient }),
    [loadingFallback, loggedOutFallback, loginFailedFallback, queryClient, usedQueryClient],
  );
  return (
    <AuthClientContext.Provider value={client}>
      <AuthStateContext.Provider value={state}>
        <AuthSettingsContext.Provider value={settings}>
          {props.requireLogin ? <RequireAuth>{props.children}</RequireAuth> : props.children}
        </AuthSettingsContext.Provider>
      </AuthStateContext.Provider>
    </AuthClientContext.Provider>
  );
}
