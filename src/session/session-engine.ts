/**
 * The session engine: when to refresh (initial, background check, wake-ups, other tabs' storage changes),
 * how results are applied (fetched or adopted from another tab), and the "keep the session through
 * transient failures" rule. A tab the server has logged out (401) runs no timer at all. The first refresh
 * begins when the client is created (`begin()`, shared page-wide: page-refresh.ts); `start()` adopts it.
 * Longer than most files: every trigger reads and writes the same state (the last result, the active org, the
 * server's last word), variables of this closure that only it writes (local names, which minify: a record's
 * property names do not).
 */
import { secondsRemaining } from "./clock-skew.js";
import type { AuthEnvironment, WakeReason } from "./environment.js";
import { AuthClientDestroyedError, RefreshError } from "./errors.js";
import type { EventEmitter, RefreshReason } from "./events.js";
import type { ResolvedTiming, SessionTriggerOptions } from "./options.js";
import { createOrgTokenCache, type OrgTokenCache } from "./org-tokens.js";
import { createPersistedState, LOGGED_IN_AT_KEY, LOGGED_OUT_AT_KEY, parseStoredTime } from "./persisted-state.js";
import { createBackgroundTimer } from "./scheduler.js";
import { joinPageRefresh, type Page, type PageRefreshTicket } from "./page-refresh.js";
import { checkSession } from "./session-check.js";
import { logoutRequest, refreshWithRetries, type SessionRequestContext } from "./session-requests.js";
import { createSessionStore, type SessionStore } from "./session-store.js";
import { createSingleFlight } from "./single-flight.js";
import type {
  CoordinatedResult,
  CoordinatorOptions,
  SharedResult,
  TabCoordinator,
  TabSync,
} from "./tab-coordinator.js";
import type { AuthInfo } from "./types.js";

/**
 * The engine behind `createAuthClient`: its store and calls as a list the client destructures into local names
 * (which minify; a record's keys are written out once each).
 */
export type SessionEngine = readonly [
  store: SessionStore,
  orgTokens: OrgTokenCache,
  /** Sends the page's first refresh (or joins the one under way) without starting anything else. */
  begin: () => void,
  start: () => void,
  refresh: (reason: RefreshReason) => Promise<AuthInfo | null>,
  getAuthInfo: (forceRefresh: boolean) => Promise<AuthInfo | null>,
  logout: () => Promise<string | null>,
  getActiveOrgId: () => string | null,
  setActiveOrgId: (orgId: string | null) => void,
  destroy: () => void,
];

/**
 * Creates the engine; nothing happens (no listener, no timer, no request) before `begin()` or `start()`. Its parts
 * come as arguments, not a record (a record's keys are written out twice: where it is made and where it is read).
 * @param env every side effect: network, clock, timers, storage, window events, tab messaging
 * @param authOrigin the auth host's origin
 * @param emit reports the engine's events
 * @param triggers what may start a refresh besides an explicit call (each on unless false), read once at creation
 * @param page the page the client lives in: its clients share their first refresh and speak to other tabs as one tab
 * @param tabs makes the coordinator that shares refreshes with the other tabs; without it each tab refreshes alone
 */
export function createSessionEngine(
  env: AuthEnvironment,
  authOrigin: string,
  timing: ResolvedTiming,
  emit: EventEmitter,
  triggers: SessionTriggerOptions,
  page: Page,
  tabs: TabSync | null | undefined,
): SessionEngine {
  const lifetime = new AbortController();
  const ctx: SessionRequestContext = [env, authOrigin, timing, emit, lifetime.signal];
  // What the engine changes after its creation (only this closure writes it); times are `env.now()` in ms.
  /** `start()` has run: listeners, timer and coordinator are live. */
  let started = false;
  /** `destroy()` has run: nothing happens any more. */
  let destroyed = false;
  /** What the server last told us: a session exists (true), it ended (false: 401 / logout), or not yet (undefined). */
  let sessionExists: boolean | undefined;
  /** The org the app selected (kept in storage too), null for none. */
  let activeOrgId: string | null = null;
  /** The server's clock minus ours, as the last result learned it. */
  let offsetMs = 0;
  /** The last result applied here, and the org key (`activeOrgId ?? ""`) it answers for. */
  let applied: SharedResult | undefined;
  let appliedKey = "";
  /** When the newest result applied here completed; when a check last completed, answered or failed. */
  let resultAt = -Infinity;
  let checkedAt = -Infinity;
  /** A server's `Retry-After`: no background or wake-up refresh before it. */
  let notBefore = -Infinity;
  /** This tab's last logout: a session asked for before it is stale. */
  let loggedOutAt = -Infinity;
  /** An "initial" refresh has run: the next one is not the page's first. */
  let firstSent = false;
  /** This client's share in the page's first refresh, once it joined one. */
  let firstRefresh: PageRefreshTicket | undefined;
  /** The engine's own initial refresh, which a `getAuthInfo` while loading waits for. */
  let initialRefresh: Promise<unknown> | undefined;
  /** Shares refreshes with the other tabs once started (none without `tabs`). */
  let coordinator: TabCoordinator | undefined;
  /** Runs `cleanup` when the engine is destroyed (its lifetime signal aborts). */
  const onDestroy = (cleanup: () => void) => lifetime.signal.addEventListener("abort", cleanup);
  const store = createSessionStore(emit);
  const [recordLogin, recordLogout, lastRecorded, getStoredOrgId, storeOrgId] = createPersistedState(env.storage);
  const flights = createSingleFlight<AuthInfo | null>();
  const orgTokens = createOrgTokenCache(env, timing.orgTokenCacheMs, (orgId) => refreshWithRetries(ctx, orgId));
  const timer = createBackgroundTimer(env, timing.backgroundCheckIntervalMs, () => onTick());

  const keyOf = (orgId: string | null) => orgId ?? "";
  const remaining = (authInfo: AuthInfo) => secondsRemaining(authInfo.expiresAtSeconds, env.now(), offsetMs);
  const validAuthInfo = () => {
    const authInfo = store.getAuthInfo();
    return authInfo && remaining(authInfo) > 0 ? authInfo : null;
  };
  /** Whether a session is expected (picks the request that goes first when an org is selected). */
  const expectSession = () => sessionExists ?? lastRecorded() !== "logout";
  const coordinatorOptions = (current: CoordinatorOptions["current"]): CoordinatorOptions => ({
    tabId: page.tabId,
    waitMs: timing.crossTabWaitMs,
    answerMs: timing.siblingAnswerMs,
    // until the result's token is due for renewal (its expiry less the renewal margin, in our clock), never later;
    // a logged-out result is never handed over
    usableUntil: ({ authInfo, offsetMs: itsOffsetMs }) =>
      authInfo ? (authInfo.expiresAtSeconds - timing.refreshWhenSecondsRemaining) * 1000 - itsOffsetMs : -Infinity,
    current,
    onRemoteResult,
  });
  const updateTimer = () =>
    sessionExists === false || destroyed || !(triggers.backgroundRefresh ?? true) ? timer.stop() : timer.start();

  function apply(result: SharedResult, source: "fetched" | "adopted" | "logout", reason?: RefreshReason): void {
    if (destroyed || result === applied) return;
    if (source === "adopted" && result.at < resultAt) return; // older than what we have
    // A session whose request went out before this tab's logout completed (an org switch's refresh answered late)
    // may predate the logout on the server: it does not log the user back in.
    if (source !== "logout" && result.authInfo && result.requestedAt < loggedOutAt) return;
    const wasLoggedIn = store.getSnapshot().status === "logged_in";
    applied = result;
    resultAt = Math.max(resultAt, result.at);
    checkedAt = env.now();
    offsetMs = result.offsetMs;
    orgTokens.clear();
    sessionExists = !!result.authInfo;
    store.set(result.authInfo);
    coordinator?.hold(result);
    if (result.authInfo && activeOrgId !== null && !Object.hasOwn(result.authInfo.orgIdToOrgMembership, activeOrgId)) {
      activeOrgId = null; // the user left the selected org: forget it (no refresh needed, this answer is unscoped)
      storeOrgId(null);
    }
    appliedKey = keyOf(activeOrgId);
    updateTimer();
    if (source === "adopted") emit({ type: "adopted_from_other_tab", loggedIn: !!result.authInfo });
    // A tab that re-fetched because of another tab's storage change does not write back (no ping-pong).
    const announce = source === "fetched" && reason !== "storage";
    if (result.authInfo && !wasLoggedIn && announce) recordLogin(result.at);
    // A session that ended without a logout here (it expired) is recorded too: the next page load then asks once.
    const ended = !result.authInfo && announce && (wasLoggedIn || lastRecorded() === "login");
    if (source === "logout" || ended) {
      recordLogout(result.at);
    }
    if (!result.authInfo && wasLoggedIn)
      emit({
        type: "logged_out",
        cause: source === "fetched" ? "session_ended" : source === "adopted" ? "other_tab" : source,
      });
  }

  function onFailure(error: unknown, reason: RefreshReason): void {
    if (destroyed) return;
    checkedAt = env.now();
    const status = error instanceof RefreshError ? error.status : 0;
    const message = error instanceof Error ? error.message : String(error);
    const kept = !!validAuthInfo();
    emit({ type: "refresh_failed", reason, status, message, keptSession: kept });
    if (error instanceof RefreshError && error.retryAfterMs !== undefined) notBefore = env.now() + error.retryAfterMs;
    if (kept) return;
    const wasLoggedIn = store.getSnapshot().status === "logged_in";
    // No valid token: an auth server we could not ask is "unreachable", never "logged out" (no login redirect).
    if (error instanceof RefreshError && error.isTransient) store.setUnreachable();
    else store.set(null);
    if (wasLoggedIn) emit({ type: "logged_out", cause: "token_expired" });
    updateTimer(); // the server never said "logged out": keep checking on the timer
  }

  /**
   * `refresh(reason)`; `deferrable` marks a refresh the engine started on its own (a wake-up, the background check,
   * another tab's change): when it begins (it may have queued behind a request that then got a `Retry-After`)
   * and the server's wait is not over, it sends nothing and settles with the session as it stands.
   */
  async function refresh(reason: RefreshReason, deferrable = false): Promise<AuthInfo | null> {
    if (destroyed) throw new AuthClientDestroyedError();
    if (!env.isBrowser) return null;
    start();
    const orgId = activeOrgId;
    const key = keyOf(orgId);
    // An expiring token is renewed by any refresh under way; every other reason needs one sent after this call.
    const run = reason === "expiring" ? flights.run : flights.runFresh;
    return run(key, async () => {
      if (destroyed) throw new AuthClientDestroyedError(); // queued behind a request that destroy() ended
      if (deferrable && env.now() < notBefore) return validAuthInfo();
      const startedAt = env.now();
      emit({ type: "refresh_started", reason });
      try {
        const first = reason === "initial" && !firstSent;
        firstSent = true;
        const check = () => checkSession(ctx, orgId, expectSession(), offsetMs);
        // shared with the other tabs when the client coordinates them, else this tab's own
        const { source, result }: CoordinatedResult = first
          ? await pageRefresh(key, orgId)
          : coordinator
            ? await coordinator.coordinate(
                key,
                // which results of another tab will do instead of a request of our own: an expiring token needs only
                // one newer than the one applied here (another tab may have fetched it a moment before this tick);
                // a mount takes one requested within the wake re-check interval (tabs opened together share the
                // first request); every other reason asks about the session as of now (e.g. after a mutation)
                reason === "expiring"
                  ? { completedAfter: resultAt }
                  : { requestedSince: startedAt - (reason === "initial" ? timing.minWakeRefreshIntervalMs : 0) },
                check,
              )
            : { source: "fetched", result: await check() };
        if (keyOf(activeOrgId) === key) apply(result, source, reason);
        if (source === "fetched")
          emit({ type: "refresh_succeeded", reason, loggedIn: !!result.authInfo, durationMs: env.now() - startedAt });
        return result.authInfo;
      } catch (error) {
        onFailure(error, reason);
        throw error;
      }
    });
  }

  /** A refresh started by the engine itself: failures are already reported as events. */
  function refreshQuietly(reason: RefreshReason): Promise<unknown> {
    return refresh(reason, reason !== "initial" && reason !== "active_org_changed").catch(() => undefined);
  }

  function onTick(): void {
    if (sessionExists === false || env.now() < notBefore) return;
    const authInfo = store.getAuthInfo();
    if (!authInfo || remaining(authInfo) < timing.refreshWhenSecondsRemaining) void refreshQuietly("expiring");
  }

  function onWake(reason: WakeReason): void {
    if (!(triggers.refreshOnFocus ?? true) && reason !== "online") return;
    if (env.now() < notBefore) return;
    // While the auth server is unreachable, every focus / online / visible wake-up tries again.
    const unreachable = store.getSnapshot().status === "unreachable";
    if (unreachable || env.now() - checkedAt > timing.minWakeRefreshIntervalMs) void refreshQuietly(reason);
  }

  function onStorageChange(key: string | null, newValue: string | null): void {
    // Another tab's login tells a tab with a valid session nothing new (every tab that opens with a restored session
    // records one), nor does a logout a tab without one: each re-fetches only when the change may be news to it.
    if (key !== (validAuthInfo() ? LOGGED_OUT_AT_KEY : LOGGED_IN_AT_KEY)) return;
    const changedAt = parseStoredTime(newValue);
    // Give the other tab's broadcast result a moment to arrive; re-fetch only if it does not.
    const handle = env.setTimeout(() => {
      lifetime.signal.removeEventListener("abort", cancel);
      if (changedAt === null || resultAt < changedAt) void refreshQuietly("storage");
    }, timing.crossTabSettleMs);
    const cancel = () => env.clearTimeout(handle);
    onDestroy(cancel);
  }

  function onRemoteResult(key: string, result: SharedResult): void {
    if (!result.authInfo || key === keyOf(activeOrgId)) apply(result, "adopted");
  }

  /**
   * The page's first refresh for `key`: joined at `begin()` (or here), sent at once with no lock, sent by no
   * client of the page twice. Its own short-lived coordinator asks the sibling tabs and shares the result.
   */
  function pageRefresh(key: string, orgId: string | null): Promise<CoordinatedResult> {
    if (firstRefresh?.key !== key) {
      firstRefresh?.release();
      const expected = expectSession();
      firstRefresh = joinPageRefresh(page, authOrigin, key, async (signal) => {
        const check = () => checkSession([env, authOrigin, timing, emit, signal], orgId, expected, 0);
        if (coordinator) return coordinator.firstRefresh(key, check); // started: this client's own channel
        if (!tabs) return { source: "fetched", result: await check() };
        // Begun at creation: a channel of its own, closed once settled (a spare client keeps nothing open).
        const pageCoordinator = tabs(
          env,
          authOrigin,
          coordinatorOptions(() => null),
        );
        signal.addEventListener("abort", () => pageCoordinator.close()); // a signal aborts once: no `once` needed
        try {
          return await pageCoordinator.firstRefresh(key, check);
        } finally {
          pageCoordinator.close();
        }
      });
    }
    return firstRefresh.outcome;
  }

  function begin(): void {
    if (started || destroyed || !env.isBrowser || !(triggers.initialRefresh ?? true) || firstRefresh) return;
    const orgId = getStoredOrgId();
    void pageRefresh(keyOf(orgId), orgId); // a failure is handled where it is shared (joinPageRefresh)
  }

  function start(): void {
    if (started || destroyed || !env.isBrowser) return;
    started = true;
    activeOrgId = getStoredOrgId();
    coordinator = tabs?.(
      env,
      authOrigin,
      coordinatorOptions((key) => (key === keyOf(activeOrgId) && key === appliedKey ? (applied ?? null) : null)),
    );
    onDestroy(env.onWake(onWake));
    onDestroy(env.onStorageChange(onStorageChange));
    const removePageHide = env.onPageHide?.(() => coordinator?.hold(null));
    if (removePageHide) onDestroy(removePageHide);
    if (triggers.initialRefresh ?? true) initialRefresh = refreshQuietly("initial");
  }

  async function getAuthInfo(forceRefresh: boolean): Promise<AuthInfo | null> {
    if (destroyed) throw new AuthClientDestroyedError();
    if (!env.isBrowser) return null;
    start();
    if (store.getSnapshot().status === "loading") {
      initialRefresh ??= refreshQuietly("initial");
      await initialRefresh;
    }
    if (store.getSnapshot().status === "unreachable") return refresh("expiring"); // an answer, or the RefreshError
    const current = store.getAuthInfo();
    const stale = current && remaining(current) < timing.refreshWhenSecondsRemaining;
    if (!forceRefresh && !stale) return validAuthInfo();
    try {
      return await refresh(forceRefresh ? "forced" : "expiring");
    } catch (error) {
      const kept = validAuthInfo();
      if (kept) return kept;
      throw error;
    }
  }

  async function logout(): Promise<string | null> {
    if (destroyed) throw new AuthClientDestroyedError();
    if (!env.isBrowser) return null;
    start();
    const redirectTo = await logoutRequest(ctx);
    const at = Math.max(env.now(), resultAt + 1);
    const result: SharedResult = { authInfo: null, offsetMs: offsetMs, requestedAt: at, at };
    loggedOutAt = at;
    apply(result, "logout");
    coordinator?.publish(keyOf(activeOrgId), result);
    return redirectTo;
  }

  function setActiveOrgId(orgId: string | null): void {
    if (destroyed || orgId === activeOrgId) return;
    activeOrgId = orgId;
    storeOrgId(orgId);
    if (started && sessionExists !== false) void refreshQuietly("active_org_changed");
  }

  function destroy(): void {
    if (destroyed) return;
    destroyed = true;
    timer.stop();
    lifetime.abort(new AuthClientDestroyedError()); // ends the requests, listeners and waits tied to it (onDestroy)
    firstRefresh?.release();
    coordinator?.close();
    orgTokens.clear();
    store.clearListeners();
  }

  return [
    store,
    orgTokens,
    begin,
    start,
    refresh,
    getAuthInfo,
    logout,
    () => (started ? activeOrgId : getStoredOrgId()),
    setActiveOrgId,
    destroy,
  ];
}
