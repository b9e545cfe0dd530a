/**
 * The shared record of a session key's last refresh, in localStorage so that every tab of the app re-reads it at
 * once: a BroadcastChannel message may reach a sibling only after the Web Lock it was sent under has moved on, or
 * after a sibling's timer fired in the same tick. Which tab sent the request, when it went out and, once answered,
 * when it completed; no token, only times. A tuple, so that no property name reaches the bundle.
 */
import type { KeyValueStore } from "./environment.js";

/** A tab's last refresh of a key: its tab id, when its request went out, when it completed (null: still out). */
type RefreshRecord = [tabId: string, requestedAt: number, at: number | null];

/** The records of one auth origin's keys: `records(key)` reads one, `records(key, record)` stores one (null removes it). */
export function refreshRecords(store: KeyValueStore | null, authOrigin: string) {
  return (key: string, record?: RefreshRecord | null): RefreshRecord | null => {
    const name = `orgauth:refresh:${authOrigin}:${key}`;
    try {
      // read as is: the reader bounds it by time
      if (record === undefined) return JSON.parse(store?.getItem(name) ?? "null") as RefreshRecord | null;
      if (record) store?.setItem(name, JSON.stringify(record));
      else store?.removeItem(name);
    } catch {
      // Unreadable (no record), or storage full or denied: the siblings rely on the channel's messages alone.
    }
    return null;
  };
}
