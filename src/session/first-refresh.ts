/**
 * The page's first refresh as the first load sends it: joined with the page's other clients (page-refresh.ts), sent
 * at once with no lock, through a sibling tab's session when `tabs` is given. Only its first request is sent from
 * here; what follows the answer (retries, an org switch's second request, the clock offset) is the engine's, which
 * the refresh waits for once its request is out.
 */
import { engineLibrary } from "./engine-library.js";
import type { AuthEnvironment } from "./environment.js";
import type { EventEmitter } from "./events.js";
import type { ResolvedTiming } from "./options.js";
import { joinPageRefresh, pageOf, type PageRefreshTicket } from "./page-refresh.js";
import { engineForAnswer, refreshOnce } from "./refresh-request.js";
import type { PageRefresh, SessionCore } from "./session-core.js";
import type { CoordinatedResult, SharedResult, TabSync } from "./tab-coordinator.js";

/** What the first refresh needs of its client. */
export interface FirstRefreshParts {
  env: AuthEnvironment;
  authOrigin: string;
  timing: ResolvedTiming;
  emit: EventEmitter;
  /** The client's environment option: clients on the same one (or on the default) are one page. */
  page: object | undefined;
  tabs: TabSync | null | undefined;
}

/** One client's first refresh: `join` (at creation, at `start()`, by the engine), `release` on destroy. */
export interface FirstRefresher {
  join: PageRefresh;
  /** Whether this client has joined a first refresh. */
  joined(): boolean;
  release(): void;
  coordinatorOptions: SessionCore[12];
}

/** The first refresh of one client; `onRemoteResult` receives what a sibling tab shares meanwhile. */
export function firstRefresher(
  parts: FirstRefreshParts,
  onRemoteResult: (key: string, result: SharedResult) => void,
): FirstRefresher {
  const { env, authOrigin, timing, tabs } = parts;
  const page = pageOf(parts.page);
  /** This client's share in the page's first refresh, once it joined one. */
  let ticket: PageRefreshTicket | undefined;

  const coordinatorOptions: SessionCore[12] = (current, onResult) => ({
    tabId: page.tabId,
    waitMs: timing.crossTabWaitMs,
    answerMs: timing.siblingAnswerMs,
    // until the result's token is due for renewal, never later; a logged-out result is never handed over
    usableUntil: ({ authInfo, offsetMs }) => {
      const now = env.now();
      if (!authInfo) return -Infinity;
      return now + (authInfo.expiresAtSeconds - (now + offsetMs) / 1000 - timing.refreshWhenSecondsRemaining) * 1000;
    },
    current,
    onRemoteResult: onResult,
  });

  /** The check: its first request now, the rest (retries, a second request, the clock) once the engine is here. */
  async function check(signal: AbortSignal, orgId: string | null, expected: boolean): Promise<SharedResult> {
    const requestedAt = env.now();
    const ctx = { ...parts, signal, lib: engineLibrary() };
    const attempt = refreshOnce(ctx, orgId !== null && expected ? orgId : null);
    attempt.catch(() => undefined); // awaited by the engine; a failure is the check's
    return (await engineForAnswer()).checkSession(ctx, orgId, expected, 0, attempt, requestedAt);
  }

  const join: PageRefresh = (key, orgId, expected, coordinator) => {
    if (ticket?.key !== key) {
      ticket?.release();
      ticket = joinPageRefresh(page, authOrigin, key, async (signal): Promise<CoordinatedResult> => {
        const fetch = () => check(signal, orgId, expected);
        if (coordinator) return coordinator.firstRefresh(key, fetch); // started: this client's own channel
        if (!tabs) return { source: "fetched", result: await fetch() };
        // Begun before the engine: a channel of its own, closed once settled (a spare client keeps nothing open).
        const pageCoordinator = tabs(
          env,
          authOrigin,
          coordinatorOptions(() => null, onRemoteResult),
        );
        signal.addEventListener("abort", () => pageCoordinator.close(), { once: true });
        try {
          return await pageCoordinator.firstRefresh(key, fetch);
        } finally {
          pageCoordinator.close();
        }
      });
    }
    return ticket.outcome;
  };

  return { join, joined: () => ticket !== undefined, release: () => ticket?.release(), coordinatorOptions };
}
