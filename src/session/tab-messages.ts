/** What the tabs of one app say to each other over the BroadcastChannel (see tab-coordinator.ts). */
import type { AuthInfo } from "./types.js";

/**
 * A refresh result as shared between tabs: `requestedAt` is when its request went out, `at` when it completed
 * (all tabs share one clock).
 */
export interface SharedResult {
  authInfo: AuthInfo | null;
  offsetMs: number;
  requestedAt: number;
  at: number;
}

/**
 * Which results a refresh may take instead of its own request: one requested at or after a moment (the
 * session as of now), or one completed after the result the tab already has (anything newer will do).
 */
export type Freshness = { requestedSince: number } | { completedAfter: number };

/** True when `result` satisfies `freshness`. */
export function isFresh(result: SharedResult, freshness: Freshness): boolean {
  return "requestedSince" in freshness
    ? result.requestedAt >= freshness.requestedSince
    : result.at > freshness.completedAfter;
}

/** Tab messages; a result with `to` answers one tab's "ask" and concerns no other tab. */
export type Message =
  | { v: 1; type: "result"; key: string; tabId: string; result: SharedResult; to?: string }
  | { v: 1; type: "started"; key: string; tabId: string }
  | { v: 1; type: "failed"; key: string; tabId: string }
  | { v: 1; type: "ask"; key: string; tabId: string };

/** True for a message of this protocol (version 1). */
export function isMessage(value: unknown): value is Message {
  // a primitive has no `v` either
  const message = value as Partial<Message> | null | undefined;
  return message?.v === 1 && typeof message.key === "string";
}
