/**
 * The shared record of a session key's last refresh, in localStorage so that every tab of the app re-reads it at
 * once: a BroadcastChannel message may reach a sibling only after the Web Lock it was sent under has moved on, or
 * after a sibling's timer fired in the same tick. Which tab sent the request, when it went out and, once answered,
 * when it completed; no token, only times. A tuple, so that no property name reaches the bundle.
 */
import type { KeyValueStore } from "./environment.js";

/** A tab's last refresh of a key: its tab id, when its request went out, when it completed (null: still out). */
export type RefreshRecord = [tabId: string, requestedAt: number, at: number | null];

/** The record stored under `name`, if any (read as is: the reader bounds it by time). */
export function readRefreshRecord(store: KeyValueStore | null, name: string): RefreshRecord | null {
  try {
    return JSON.parse(store?.getItem(name) ?? "null") as RefreshRecord | null;
  } catch {
    return null;
  }
}

/** Stores `record` under `name`, or removes the record there (null). */
export function writeRefreshRecord(store: KeyValueStore | null, name: string, record: RefreshRecord | null): void {
  try {
    if (record) store?.setItem(name, JSON.stringify(record));
    else store?.removeItem(name);
  } catch {
    // Storage full or denied: the siblings rely on the channel's messages alone.
  }
}
