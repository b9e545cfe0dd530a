/**
 * What the engine keeps in localStorage: login time, logout time and the last selected org.
 * Never a token. Storage that throws (quota, privacy mode) is treated as absent.
 */
import type { KeyValueStore } from "./environment.js";

/** The localStorage keys (shared by every tab of the origin): constants, whose names minify (a record's keys do not). */
export const LOGGED_IN_AT_KEY = "orgauth:logged_in_at";
export const LOGGED_OUT_AT_KEY = "orgauth:logged_out_at";
const ACTIVE_ORG_ID_KEY = "orgauth:active_org_id";

/**
 * Typed access to the persisted values, as a list the engine destructures into local names (which minify; a
 * record's keys are written out once each).
 */
export type PersistedState = readonly [
  recordLogin: (at: number) => void,
  recordLogout: (at: number) => void,
  /** Which of login and logout was recorded last (null: neither); a hint only, never proof of a session. */
  lastRecorded: () => "login" | "logout" | null,
  getActiveOrgId: () => string | null,
  setActiveOrgId: (orgId: string | null) => void,
];

/** Wraps a store (or null) in never-throwing typed accessors. */
export function createPersistedState(store: KeyValueStore | null): PersistedState {
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, value);
    } catch {
      // Storage full or denied: cross-tab sync degrades to broadcast messages only.
    }
  };
  const get = (key: string) => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null; // access denied (e.g. storage disabled in privacy mode)
    }
  };
  const read = (key: string) => parseStoredTime(get(key));
  return [
    (at) => write(LOGGED_IN_AT_KEY, String(at)),
    (at) => write(LOGGED_OUT_AT_KEY, String(at)),
    () => {
      const loggedIn = read(LOGGED_IN_AT_KEY);
      const loggedOut = read(LOGGED_OUT_AT_KEY);
      if (loggedOut !== null && (loggedIn === null || loggedOut >= loggedIn)) return "logout";
      return loggedIn === null ? null : "login";
    },
    () => get(ACTIVE_ORG_ID_KEY),
    (orgId) => write(ACTIVE_ORG_ID_KEY, orgId),
  ];
}

/** Parses a stored login/logout time; null when absent or malformed. */
export function parseStoredTime(value: string | null): number | null {
  if (value === null) return null;
  const time = Number(value);
  return Number.isFinite(time) ? time : null;
}
