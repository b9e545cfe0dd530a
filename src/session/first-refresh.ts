/**
 * The page's first refresh as the first load sends it: joined with the page's other clients (page-refresh.ts), sent
 * at once with no lock, through a sibling tab's session when `tabs` is given. Only its first request is sent from
 * here; what follows an answer (retries, the second request of an org switch, clock skew) is the engine's, which
 * the refresh waits for once its request is out.
 */
import type { AuthEnvironment } from "./environment.js";
import { loadEngine } from "./engine-chunk.js";
import { ENGINE_LIBRARY } from "./engine-library.js";
import { REFRESH_NO_RESPONSE_STATUS, RefreshError, UNPROCESSABLE_AUTH_RESPONSE } from "./errors.js";
import type { EventEmitter } from "./events.js";
import type { ResolvedTiming } from "./options.js";
import { joinPageRefresh, pageOf, type PageRefreshTicket } from "./page-refresh.js";
import { refreshOnce } from "./refresh-request.js";
import type { SessionCore } from "./session-core.js";
import { usableUntil } from "./token-lifetime.js";
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

/** One client's first refresh: `begin` at creation, `join` by the engine, `release` on destroy. */
export interface FirstRefresher {
  /** Joins the page's first refresh for `key` unless this client already has. */
  begin(key: string, orgId: string | null, expected: boolean): void;
  join: SessionCore["pageRefresh"];
  release(): void;
  coordinatorOptions: SessionCore["coordinatorOptions"];
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

  const coordinatorOptions: SessionCore["coordinatorOptions"] = (current, onResult) => ({
    tabId: page.tabId,
    waitMs: timing.crossTabWaitMs,
    answerMs: timing.siblingAnswerMs,
    usableUntil: (result) => usableUntil(timing, env.now(), result),
    current,
    onRemoteResult: onResult,
  });

  /** The check: its first request now, the rest (retries, a second request, the clock) once the engine is here. */
  async function check(signal: AbortSignal, orgId: string | null, expected: boolean): Promise<SharedResult> {
    const requestedAt = env.now();
    const ctx = { ...parts, signal, lib: ENGINE_LIBRARY };
    const attempt = refreshOnce(ctx, orgId !== null && expected ? orgId : null);
    attempt.catch(() => undefined); // awaited below; a failure is the check's
    const engine = await loadEngine().catch((cause: unknown) => {
      throw new RefreshError(REFRESH_NO_RESPONSE_STATUS, UNPROCESSABLE_AUTH_RESPONSE, "network", undefined, { cause });
    });
    return engine.checkSession(ctx, orgId, expected, 0, attempt, requestedAt);
  }

  const join: SessionCore["pageRefresh"] = (key, orgId, expected, coordinator) => {
    if (ticket?.key !== key) {
      ticket?.release();
      ticket = joinPageRefresh(page, authOrigin, key, async (signal): Promise<CoordinatedResult> => {
        const fetch = () => check(signal, orgId, expected);
        if (coordinator) return coordinator.firstRefresh(key, fetch); // started: this client's own channel
        if (!tabs) return { source: "fetched", result: await fetch() };
        // Begun at creation: a channel of its own, closed once settled (a spare client keeps nothing open).
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

  return {
    begin(key, orgId, expected) {
      if (!ticket) join(key, orgId, expected, undefined).catch(() => undefined);
    },
    join,
    release: () => ticket?.release(),
    coordinatorOptions,
  };
}
