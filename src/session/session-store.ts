/**
 * The observable session state: one immutable snapshot per state (identity-stable until something
 * changes, for `useSyncExternalStore`) and the three observers: logged in, access token, auth info.
 */
import type { EventEmitter } from "./events.js";
import type { AuthInfo, AuthSnapshot } from "./types.js";

/** The state holder of one client. */
export interface SessionStore {
  getSnapshot(): AuthSnapshot;
  /** The current auth info, or null unless logged in. */
  getAuthInfo(): AuthInfo | null;
  /** Moves to logged in (auth info) or logged out (null); notifies only when something changed. */
  set(authInfo: AuthInfo | null): void;
  subscribe(listener: () => void): () => void;
  onLoggedInChange(listener: (loggedIn: boolean) => void): () => void;
  onAccessTokenChange(listener: (accessToken: string | null) => void): () => void;
  onAuthInfoChange(listener: (authInfo: AuthInfo | null) => void): () => void;
  /** Drops every listener (on `destroy()`). */
  clearListeners(): void;
}

/** Structural equality of JSON-like values (auth info is plain data). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

const LOADING: AuthSnapshot = Object.freeze({ status: "loading" });
const LOGGED_OUT: AuthSnapshot = Object.freeze({ status: "logged_out" });

/** Creates the store in the loading state; listener errors are reported through `emit`, never thrown. */
export function createSessionStore(emit: EventEmitter): SessionStore {
  let snapshot: AuthSnapshot = LOADING;
  const snapshotListeners = new Set<() => void>();
  const loggedInListeners = new Set<(loggedIn: boolean) => void>();
  const tokenListeners = new Set<(accessToken: string | null) => void>();
  const authInfoListeners = new Set<(authInfo: AuthInfo | null) => void>();

  const notify = <T>(listeners: Set<(value: T) => void>, value: T) => {
    for (const listener of [...listeners]) {
      try {
        listener(value);
      } catch (error) {
        emit({ type: "listener_failed", message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  const add = <T>(listeners: Set<T>, listener: T) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const authInfoOf = (state: AuthSnapshot) => (state.status === "logged_in" ? state.authInfo : null);

  return {
    getSnapshot: () => snapshot,
    getAuthInfo: () => authInfoOf(snapshot),
    set(authInfo) {
      const previous = snapshot;
      const previousInfo = authInfoOf(previous);
      if (previous.status !== "loading" && deepEqual(previousInfo, authInfo)) return;
      snapshot = authInfo ? Object.freeze({ status: "logged_in", authInfo }) : LOGGED_OUT;
      const loggedIn = authInfo !== null;
      const accessToken = authInfo?.accessToken ?? null;
      if (previous.status === "loading" || (previousInfo !== null) !== loggedIn) notify(loggedInListeners, loggedIn);
      if ((previousInfo?.accessToken ?? null) !== accessToken) notify(tokenListeners, accessToken);
      if (!deepEqual(previousInfo, authInfo)) notify(authInfoListeners, authInfo);
      notify(snapshotListeners, undefined);
    },
    subscribe: (listener) => add(snapshotListeners, listener),
    onLoggedInChange: (listener) => add(loggedInListeners, listener),
    onAccessTokenChange: (listener) => add(tokenListeners, listener),
    onAuthInfoChange: (listener) => add(authInfoListeners, listener),
    clearListeners() {
      snapshotListeners.clear();
      loggedInListeners.clear();
      tokenListeners.clear();
      authInfoListeners.clear();
    },
  };
}
