/**
 * Which tabs of this app may answer a new tab at once: a small map in localStorage (one key per auth origin) of
 * tab id → what the tab is doing (refreshing, or holding a session) and until when. It holds no token, only
 * times. A tab that finds no live sibling here refreshes at once instead of asking and waiting; an entry left by
 * a tab that crashed only costs a new tab a short wait until the entry's time runs out. Its read and write are
 * tab-siblings.ts (in the first load; handed in here).
 */
import type { KeyValueStore } from "./environment.js";
import type { liveSiblings, SiblingState } from "./tab-siblings.js";

/** The presence map of one auth origin, as seen from one tab. */
export interface TabPresence {
  /** What the live sibling tabs (entries of other tabs whose time has not run out) are doing, one read of the map. */
  siblings(now: number): Set<SiblingState>;
  /** Records this tab's state until `until` (ms, the tabs' shared clock), or removes its entry (null); drops expired ones. */
  set(state: SiblingState | null, now: number, until?: number): void;
}

/** The presence map for `authOrigin` in `store` (null: no storage, so no sibling is ever known), read and written by `sync`. */
export function createTabPresence(
  store: KeyValueStore | null,
  authOrigin: string,
  tabId: string,
  sync: typeof liveSiblings,
): TabPresence {
  let written: SiblingState | null = null;
  return {
    siblings: (now) => new Set(sync(store, authOrigin, tabId, now).map(([, entry]) => entry[0])),
    set(state, now, until = now) {
      if (state === null && written === null) return;
      written = state;
      sync(store, authOrigin, tabId, now, state && [state, until]);
    },
  };
}
