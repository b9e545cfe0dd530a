/**
 * Everything the session engine changes after its creation, in one record: what the server last said, what this
 * tab holds and when it learned it, and the tab coordinator and first refresh it shares. Nothing else in the engine is
 * reassigned (listeners and waits end with its lifetime signal); `createSessionEngine` (session-engine.ts) is the
 * only writer.
 */
import type { PageRefreshTicket } from "./page-refresh.js";
import type { SharedResult, TabCoordinator } from "./tab-coordinator.js";

/** What the server last told us: a session exists, it ended (401 / logout), or we do not know yet. */
type ServerSession = "unknown" | "exists" | "ended";

/** The session engine's mutable state. Times are the environment's `now()` in milliseconds. */
export interface EngineState {
  /** `start()` has run: listeners, timer and coordinator are live. */
  started?: boolean;
  /** `destroy()` has run: nothing happens any more. */
  destroyed?: boolean;
  /** What the server last told us about the session. */
  server: ServerSession;
  /** The org the app selected (kept in storage too), null for none. */
  activeOrgId: string | null;
  /** The server's clock minus ours, as the last result learned it. */
  offsetMs: number;
  /** The last result applied here, and the org key (`activeOrgId ?? ""`) it answers for. */
  applied?: SharedResult;
  appliedKey: string;
  /** When the newest result applied here completed. */
  resultAt: number;
  /** When a check last completed, answered or failed. */
  checkedAt: number;
  /** A server's `Retry-After`: no background or wake-up refresh before it. */
  notBefore: number;
  /** This tab's last logout: a session asked for before it is stale. */
  loggedOutAt: number;
  /** An "initial" refresh has run: the next one is not the page's first. */
  firstSent?: boolean;
  /** This client's share in the page's first refresh, once it joined one. */
  firstRefresh?: PageRefreshTicket;
  /** The engine's own initial refresh, which a `getAuthInfo` while loading waits for. */
  initial?: Promise<unknown>;
  /** Shares refreshes with the other tabs once started (none without `tabs`). */
  coordinator?: TabCoordinator | undefined;
}

/** The state of a new engine: nothing known, nothing started (the fields left out are false or absent). */
export function initialEngineState(): EngineState {
  return {
    server: "unknown",
    activeOrgId: null,
    offsetMs: 0,
    appliedKey: "",
    resultAt: -Infinity,
    checkedAt: -Infinity,
    notBefore: -Infinity,
    loggedOutAt: -Infinity,
  };
}
