/**
 * How long a token is good for, in the server's clock: what the first load needs to hand a session to a sibling tab
 * and the engine to renew it in time.
 */
import type { ResolvedTiming } from "./options.js";
import type { SharedResult } from "./tab-messages.js";

/** Seconds left before `expiresAtSeconds` (server clock), seen from the client clock corrected by `offsetMs`. */
export function secondsRemaining(expiresAtSeconds: number, clientNowMs: number, offsetMs: number): number {
  return expiresAtSeconds - (clientNowMs + offsetMs) / 1000;
}

/**
 * Until when a result's session may be handed to another tab: until its token is due for renewal (fewer than
 * `refreshWhenSecondsRemaining` left), never later. A logged-out result is never handed over.
 */
export function usableUntil(timing: ResolvedTiming, now: number, result: SharedResult): number {
  if (!result.authInfo) return -Infinity;
  const left = secondsRemaining(result.authInfo.expiresAtSeconds, now, result.offsetMs);
  return now + (left - timing.refreshWhenSecondsRemaining) * 1000;
}
