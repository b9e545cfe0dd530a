/**
 * The options of `createAuthClient`. Every timing constant of the session engine is an option; the defaults
 * match the vendor's client.
 */
import { DEFAULT_TIMEOUT_MS, type TransportOptions } from "../transport/index.js";
import type { AuthEnvironment } from "./environment.js";
import type { ActiveOrgChooser } from "./active-org.js";
import type { AuthEvent } from "./events.js";
import type { TabSync } from "./tab-coordinator.js";

/** Timing constants of the session engine (all optional). */
export interface SessionTimingOptions {
  /** Background check interval. Default 60 000 ms. */
  backgroundCheckIntervalMs?: number;
  /** Refresh when fewer than this many seconds remain before the token expires. Default 600. */
  refreshWhenSecondsRemaining?: number;
  /** Minimum time since the last refresh before focus / online re-check. Default 120 000 ms. */
  minWakeRefreshIntervalMs?: number;
  /** How long a per-org access token is cached. Default 300 000 ms. */
  orgTokenCacheMs?: number;
  /** Waits between refresh retries; one retry per entry. Default [100, 200, 300]. */
  retryDelaysMs?: readonly number[];
  /**
   * The longest `Retry-After` the refresh retries wait out; a server asking for more gets no retry now (the
   * background check tries again later). Default 30 000 ms.
   */
  maxRetryAfterMs?: number;
  /**
   * Abort a request (headers and body) after this long: the session calls and the fe/v3 transport's calls (a call's
   * own `timeoutMs` overrides it). Default 10 000 ms (the vendor has none).
   */
  timeoutMs?: number;
  /** Longest wait for another tab's refresh (lock or broadcast) before refreshing alone. Default 10 000 ms. */
  crossTabWaitMs?: number;
  /** After another tab's login/logout storage change, wait this long for its broadcast result. Default 250 ms. */
  crossTabSettleMs?: number;
  /**
   * A new tab whose sibling tabs hold a session asks them for it and waits this long for an answer before
   * refreshing itself (a tab message takes about 1 ms). A tab with no live sibling does not wait. Default 30 ms.
   */
  siblingAnswerMs?: number;
}

/** What may start a refresh besides an explicit call (all default true). */
export interface SessionTriggerOptions {
  /** Refresh as soon as the client starts. When false the first refresh waits for `getAuthInfo`, `getAccessToken` or `refresh`, and the state stays "loading" until then. */
  initialRefresh?: boolean;
  /** Check the session on the background interval and renew the token before it expires. When false a stale token is renewed only when asked for. */
  backgroundRefresh?: boolean;
  /** Re-check the session when the window regains focus or becomes visible (coming back online still re-checks). */
  refreshOnFocus?: boolean;
}

/** Options of `createAuthClient`. */
export interface AuthClientOptions extends SessionTimingOptions, SessionTriggerOptions {
  /** URL of the auth host; reduced to its origin. Invalid → `Unable to initialize auth client`. */
  authUrl: string;
  /** All side effects; defaults to the browser environment in a browser and a server one elsewhere. */
  environment?: AuthEnvironment;
  /** Structured observability events; never contains a token. */
  onEvent?: (event: AuthEvent) => void;
  /**
   * Origins a `returnTo` may point to besides the app's own (the current page's origin), e.g.
   * `["https://admin.example.com"]`. On a server, where there is no current page, only these are allowed.
   */
  allowedRedirectOrigins?: readonly string[];
  /** Options of the fe/v3 transport (validation mode, logger, extra headers); its fetch, timers and timeout are the client's. */
  transport?: Omit<TransportOptions, "authUrl" | "fetch" | "timeoutMs" | "timers">;
  /**
   * Cross-tab coordination: pass `tabSync` so that the app's tabs share one refresh and a new tab takes a fresh
   * session from a sibling instead of asking the server. Without it (or with null) each tab refreshes on its own (a login or
   * logout in one tab still reaches the others). `<AuthProvider>` passes `tabSync` unless told otherwise.
   */
  tabs?: TabSync | null;
  /** Replaces the rule that picks the active org (default: the selected org while the user is in it, else the first). */
  chooseActiveOrg?: ActiveOrgChooser;
}

/** The timing options with every default filled in. */
export type ResolvedTiming = Required<SessionTimingOptions>;

/** The default timings. */
export const DEFAULT_TIMING: ResolvedTiming = /* @__PURE__ */ Object.freeze({
  backgroundCheckIntervalMs: 60_000,
  refreshWhenSecondsRemaining: 600,
  minWakeRefreshIntervalMs: 120_000,
  orgTokenCacheMs: 300_000,
  retryDelaysMs: /* @__PURE__ */ Object.freeze([100, 200, 300]),
  maxRetryAfterMs: 30_000,
  timeoutMs: DEFAULT_TIMEOUT_MS,
  crossTabWaitMs: 10_000,
  crossTabSettleMs: 250,
  siblingAnswerMs: 30,
});

/** A timing value as given: finite and not negative, and above 0 for the background check's interval. */
function checked(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`orgauth option ${name} must be a finite number >= 0, got ${value}`);
  }
  if (value === 0 && name === "backgroundCheckIntervalMs")
    throw new RangeError(`orgauth option ${name} must be greater than 0`);
  return value;
}

/** Fills in the defaults and rejects negative or non-finite values (and a zero check interval) with a RangeError. */
export function resolveTiming(options: SessionTimingOptions): ResolvedTiming {
  const resolved: Record<string, number | readonly number[]> = {};
  for (const [name, fallback] of Object.entries(DEFAULT_TIMING)) {
    const value = options[name as keyof SessionTimingOptions] ?? fallback;
    resolved[name] = Array.isArray(value)
      ? value.map((ms: number) => checked(name, ms))
      : checked(name, value as number);
  }
  return resolved as ResolvedTiming;
}
