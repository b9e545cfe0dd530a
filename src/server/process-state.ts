/**
 * The server session's in-process state, shared by every copy of this module one JavaScript realm loads (the
 * middleware bundle and the route-handler bundle of one Next.js server, two versions side by side): it lives on
 * `globalThis` under a versioned `Symbol.for` key, so copies of one state layout meet and other layouts stay apart.
 */
import type { RefreshOutcome } from "./refresh-outcome.js";

/** A refresh answer kept for requests that still carry the refresh token it replaced. */
interface RememberedAnswer {
  /** The auth host's origin the answer came from. */
  scope: string;
  /** The refresh token that was traded. */
  refreshToken: string;
  outcome: RefreshOutcome;
  /** Until when it may be handed out, `Date.now()` milliseconds. */
  until: number;
}

/** What the copies share. */
export interface ProcessState {
  /** Refresh calls in flight, by scope, org and refresh token. */
  readonly inFlight: Map<string, Promise<RefreshOutcome>>;
  /** Refresh answers of the last seconds, by the same key. */
  readonly answered: Map<string, RememberedAnswer>;
}

/** The key of this state layout; a change to `ProcessState` gets a new version. */
const STATE_KEY = Symbol.for("orgauth.server.process-state.v2");

/** The state of this realm, made by the first copy that asks. */
export function processState(): ProcessState {
  const holder = globalThis as { [STATE_KEY]?: ProcessState };
  holder[STATE_KEY] ??= { inFlight: new Map(), answered: new Map() };
  return holder[STATE_KEY];
}
