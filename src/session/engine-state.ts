/**
 * Everything the session engine changes after its creation, in one record: what the server last said, what this
 * tab holds and when it learned it, and the resources a started engine keeps open. Nothing else in the engine is
 * reassigned; `createSessionEngine` (session-engine.ts) is the only writer.
 */
import type { TimerHandle } from "./environment.js";
import type { PageRefreshTicket } from "./page-refresh.js";
import type { SharedResult, TabCoordinator } from "./tab-coordinator.js";

/** What the server last told us: a session exists, it ended (401 / logout), or we do not know yet. */
export type ServerSession = "unknown" | "exists" | "ended";

/** The session engine's mutable state. Times are the environment's `now()` in milliseconds. */
export interface EngineState {
  /** `start()` has run: listeners, timer and coordinator are live. */
  started: boolean;
  /** `destroy()` has run: nothing happens any more. */
  destroyed: boolean;
  /** What the server last told us about the session. */
  serverSession: ServerSession;
  /** The org the app selected (kept in storage too), null for none. */
  activeOrgId: string | null;
  /** The server's clock minus ours, as the last result learned it. */
  offsetMs: number;
  /** The last result applied here, and the org key (`activeOrgId ?? ""`) it answers for. */
  lastApplied: SharedResult | null;
  lastAppliedKey: string;
  /** When the newest result applied here completed. */
  lastResultAt: number;
  /** When a check last completed, answered or failed. */
  lastCheckAt: number;
  /** A server's `Retry-After`: no background or wake-up refresh before it. */
  notBefore: number;
  /** This tab's last logout: a session asked for before it is stale. */
  loggedOutAt: number;
  /** An "initial" refresh has run: the next one is not the page's first. */
  firstRefreshDone: boolean;
  /** This client's share in the page's first refresh. */
  firstRefresh: PageRefreshTicket | null;
  /** The engine's own initial refresh, which a `getAuthInfo` while loading waits for. */
  initial: Promise<unknown> | null;
  /** Shares refreshes with the other tabs once started (none without `tabs`). */
  coordinator: TabCoordinator | null;
  /** Removes the wake-up, storage and page-hide listeners of a started engine. */
  removeListeners: (() => void) | null;
  /** The waits after other tabs' storage changes, cleared by `destroy()`. */
  readonly pendingTimers: Set<TimerHandle>;
}

/** The state of a new engine: nothing known, nothing started. */
export function initialEngineState(): EngineState {
  return {
    started: false,
    destroyed: false,
    serverSession: "unknown",
    activeOrgId: null,
    offsetMs: 0,
    lastApplied: null,
    lastAppliedKey: "",
    lastResultAt: -Infinity,
    lastCheckAt: -Infinity,
    notBefore: -Infinity,
    loggedOutAt: -Infinity,
    firstRefreshDone: false,
    firstRefresh: null,
    initial: null,
    coordinator: null,
    removeListeners: null,
    pendingTimers: new Set(),
  };
}
