/**
 * The observable session state: one immutable snapshot per state (identity-stable until something
 * changes, for `useSyncExternalStore`) and the three observers: logged in, access token, auth info.
 */
import type { EventEmitter } from "./events.js";
import type { AuthClient, AuthInfo, SessionState } from "./types.js";

/** The state holder of one client. */
export interface SessionStore {
  getSnapshot(): SessionState;
  /** The current auth info, or null unless logged in. */
  getAuthInfo(): AuthInfo | null;
  /** Moves to logged in (auth info) or logged out (null); notifies only when something changed. */
  set(authInfo: AuthInfo | null): void;
  /** Moves to "unreachable": the auth server could not be asked and no valid token is held. */
  setUnreachable(): void;
  subscribe(listener: () => void): () => void;
  /** The client's three observers, as it exposes them (spread into it: their names are written once). */
  observers: Pick<AuthClient, "onLoggedInChange" | "onAccessTokenChange" | "onAuthInfoChange">;
  /** Drops every listener (on `destroy()`). */
  clearListeners(): void;
}

/**
 * Structural equality of JSON-like values (auth info is plain data). Iterative, with its own work list, so a
 * value nested thousands of levels deep (free-form `properties` may be) cannot overflow the stack.
 */
export function deepEqual(first: unknown, second: unknown): boolean {
  const pending: [unknown, unknown][] = [[first, second]];
  for (let pair = pending.pop(); pair; pair = pending.pop()) {
    const [a, b] = pair;
    if (Object.is(a, b)) continue;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const aKeys = Object.keys(a);
    if (aKeys.length !== Object.keys(b).length) return false;
    for (const key of aKeys) {
      if (!Object.hasOwn(b, key)) return false;
      pending.push([(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

const LOADING: SessionState = /* @__PURE__ */ Object.freeze({ status: "loading" });
const LOGGED_OUT: SessionState = /* @__PURE__ */ Object.freeze({ status: "logged_out" });
const UNREACHABLE: SessionState = /* @__PURE__ */ Object.freeze({ status: "unreachable" });

/** Creates the store in the loading state; listener errors are reported through `emit`, never thrown. */
export function createSessionStore(emit: EventEmitter): SessionStore {
  let snapshot: SessionState = LOADING;
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
  // of a session state: only a logged-in one carries an auth info, so its status need not be tested
  const authInfoOf = (state: { status: string; authInfo?: AuthInfo }) => state.authInfo ?? null;
  // The last value told to logged-in observers; null before the first answer. "Unreachable" tells them false only
  // when a token disappears, never from loading (no token was ever there, and the user may well be logged in).
  let announcedLoggedIn: boolean | null = null;

  const moveTo = (next: SessionState, loggedIn: boolean | null) => {
    const previousInfo = authInfoOf(snapshot);
    const authInfo = authInfoOf(next);
    snapshot = next;
    if (loggedIn !== null && loggedIn !== announcedLoggedIn) {
      announcedLoggedIn = loggedIn;
      notify(loggedInListeners, loggedIn);
    }
    const accessToken = authInfo?.accessToken ?? null;
    if ((previousInfo?.accessToken ?? null) !== accessToken) notify(tokenListeners, accessToken);
    if (!deepEqual(previousInfo, authInfo)) notify(authInfoListeners, authInfo);
    notify(snapshotListeners, undefined);
  };

  return {
    getSnapshot: () => snapshot,
    getAuthInfo: () => authInfoOf(snapshot),
    set(authInfo) {
      const next: SessionState = authInfo ? Object.freeze({ status: "logged_in", authInfo }) : LOGGED_OUT;
      // the same state with equal auth info changes nothing (the snapshot keeps its identity)
      if (!deepEqual(snapshot, next)) moveTo(next, !!authInfo);
    },
    setUnreachable() {
      if (snapshot.status === "unreachable") return;
      moveTo(UNREACHABLE, announcedLoggedIn === true ? false : null);
    },
    subscribe: (listener) => add(snapshotListeners, listener),
    observers: {
      onLoggedInChange: (listener) => add(loggedInListeners, listener),
      onAccessTokenChange: (listener) => add(tokenListeners, listener),
      onAuthInfoChange: (listener) => add(authInfoListeners, listener),
    },
    clearListeners() {
      snapshotListeners.clear();
      loggedInListeners.clear();
      tokenListeners.clear();
      authInfoListeners.clear();
    },
  };
}
