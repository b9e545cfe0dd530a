/**
 * The presence map's read and write (tab-presence.ts keeps a coordinator's entry up to date with it): which other
 * tabs of this app may answer a new tab at once, from a small map in localStorage (one key per auth origin) of tab id
 * → what the tab is doing and until when. In the first load, so that a page's first refresh knows whether to wait
 * for the coordinator's later chunk (a sibling to ask) or to go at once (none, and it says so here before its request
 * leaves: a tab opened meanwhile asks it); the chunk is handed this function rather than importing it.
 */
import type { KeyValueStore } from "./environment.js";

/** What a sibling tab is doing: its session request is out, or it holds a session worth adopting. */
export type SiblingState = "refreshing" | "holding";

/** The map's entries: tab id → [what it is doing, until when (ms, the tabs' shared clock)]. */
type PresenceEntries = Record<string, [SiblingState, number]>;

/**
 * The entries of tabs other than `tabId` whose time has not run out at `now` (none when the map cannot be read).
 * Given `mine`, the map is written back with them and this tab's entry (null: none), expired entries dropped.
 */
export function liveSiblings(
  store: KeyValueStore | null,
  authOrigin: string,
  tabId: string,
  now: number,
  mine?: [SiblingState, number] | null,
) {
  const key = `orgauth:tabs:${authOrigin}`;
  let live: [string, [SiblingState, number]][] = [];
  try {
    // a map that is not an object (`null` throws here) names no sibling
    const map = JSON.parse(store?.getItem(key) ?? "{}") as PresenceEntries;
    live = Object.entries(map).filter(([id, entry]) => id !== tabId && Array.isArray(entry) && entry[1] > now);
  } catch {
    // unreadable: no sibling known (and a write replaces it)
  }
  try {
    if (mine !== undefined)
      if (mine || live.length)
        store?.setItem(key, JSON.stringify(Object.fromEntries(mine ? [...live, [tabId, mine]] : live)));
      else store?.removeItem(key);
  } catch {
    // Storage full or denied: new tabs refresh for themselves.
  }
  return live;
}
