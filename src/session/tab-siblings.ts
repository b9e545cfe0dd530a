/**
 * The presence map's read (tab-presence.ts writes it): which other tabs of this app may answer a new tab at once,
 * from a small map in localStorage (one key per auth origin) of tab id → what the tab is doing and until when. In
 * the first load, so that a page's first refresh knows whether to wait for the coordinator's later chunk (a sibling
 * to ask) or to go at once (none); the chunk is handed this function rather than importing it.
 */
import type { KeyValueStore } from "./environment.js";

/** What a sibling tab is doing: its session request is out, or it holds a session worth adopting. */
export type SiblingState = "refreshing" | "holding";

/** The map's entries: tab id → [what it is doing, until when (ms, the tabs' shared clock)]. */
export type PresenceEntries = Record<string, [SiblingState, number]>;

/** The entries of tabs other than `tabId` whose time has not run out at `now` (none when the map cannot be read). */
export function liveSiblings(store: KeyValueStore | null, authOrigin: string, tabId: string, now: number) {
  try {
    const map = JSON.parse(store?.getItem(`orgauth:tabs:${authOrigin}`) ?? "{}") as PresenceEntries | null;
    return Object.entries(map ?? {}).filter(([id, entry]) => id !== tabId && Array.isArray(entry) && entry[1] > now);
  } catch {
    return [];
  }
}
