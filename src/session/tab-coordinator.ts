/**
 * Cross-tab single-flight. One tab refreshes; the others adopt its result from a BroadcastChannel message
 * instead of sending their own request. With the Web Locks API a tab refreshes only while holding an
 * exclusive lock (released by the browser when the task settles or the tab dies, so never orphaned);
 * without it a "started" message tells the other tabs to wait. Every wait is bounded by `waitMs`, after
 * which a tab refreshes alone. The access token travels only in memory messages, never in web storage.
 */
import type { AuthEnvironment, TabChannel } from "./environment.js";
import { AuthClientDestroyedError } from "./errors.js";
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
function isFresh(result: SharedResult, freshness: Freshness): boolean {
  return "requestedSince" in freshness
    ? result.requestedAt >= freshness.requestedSince
    : result.at > freshness.completedAfter;
}

type Message =
  | { v: 1; type: "result"; key: string; tabId: string; result: SharedResult }
  | { v: 1; type: "started"; key: string; tabId: string; requestedAt: number }
  | { v: 1; type: "failed"; key: string; tabId: string };

/** How a coordinated refresh ended: fetched by this tab, or adopted from another one. */
type CoordinatedResult = { source: "fetched"; result: SharedResult } | { source: "adopted"; result: SharedResult };

/** The coordinator of one client. */
export interface TabCoordinator {
  /**
   * Runs `fetch` for `key` unless another tab has, or is about to have, a result that satisfies `freshness`,
   * in which case that tab's result is returned. The fetched result is shared with the other tabs.
   */
  coordinate(key: string, freshness: Freshness, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult>;
  /** Shares a result this tab obtained outside `coordinate` (e.g. a logout). */
  publish(key: string, result: SharedResult): void;
  /** Stops listening and closes the channel. */
  close(): void;
}

interface Waiter {
  key: string;
  freshness: Freshness;
  resolve(result: SharedResult | undefined): void;
}

function isMessage(value: unknown): value is Message {
  const message = value as Partial<Message> | null;
  return typeof message === "object" && message !== null && message.v === 1 && typeof message.key === "string";
}

/** Creates the coordinator; `onRemoteResult` receives every result another tab shares. */
export function createTabCoordinator(
  env: AuthEnvironment,
  channelName: string,
  waitMs: number,
  onRemoteResult: (key: string, result: SharedResult) => void,
): TabCoordinator {
  const tabId = `${env.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const channel: TabChannel | null = env.isBrowser ? env.openChannel(channelName) : null;
  const latest = new Map<string, SharedResult>(); // the newest result each key received from another tab
  const remoteStarted = new Map<string, { receivedAt: number; requestedAt: number }>();
  const waiters = new Set<Waiter>();
  const pendingLockRequests = new Set<AbortController>(); // aborted by close(): no lock request outlives the client
  let closed = false;
  const failureListeners = new Set<(key: string) => void>();
  const post = (message: Message) => {
    try {
      channel?.post(message);
    } catch {
      // A closed or broken channel only costs the other tabs a request of their own.
    }
  };

  channel?.onMessage((raw) => {
    if (!isMessage(raw) || raw.tabId === tabId) return;
    if (raw.type === "started") remoteStarted.set(raw.key, { receivedAt: env.now(), requestedAt: raw.requestedAt });
    if (raw.type === "failed") {
      remoteStarted.delete(raw.key);
      for (const listener of failureListeners) listener(raw.key);
    }
    if (raw.type !== "result") return;
    remoteStarted.delete(raw.key);
    const previous = latest.get(raw.key);
    if (!previous || raw.result.at >= previous.at) latest.set(raw.key, raw.result);
    for (const waiter of [...waiters]) {
      if (waiter.key === raw.key && isFresh(raw.result, waiter.freshness)) waiter.resolve(raw.result);
    }
    onRemoteResult(raw.key, raw.result);
  });

  const freshResult = (key: string, freshness: Freshness) => {
    const result = latest.get(key);
    return result && isFresh(result, freshness) ? result : undefined;
  };

  /** Waits for another tab's result for `key` that satisfies `freshness`, a failure notice, `abort`, or the timeout. */
  const waitForRemote = (key: string, freshness: Freshness, signal?: AbortSignal) =>
    new Promise<SharedResult | undefined>((resolve) => {
      const finish = (result: SharedResult | undefined) => {
        waiters.delete(waiter);
        failureListeners.delete(onFailure);
        env.clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        resolve(result);
      };
      const waiter: Waiter = { key, freshness, resolve: finish };
      const onFailure = (failedKey: string) => failedKey === key && finish(undefined);
      const onAbort = () => finish(undefined);
      const timer = env.setTimeout(() => finish(undefined), waitMs);
      waiters.add(waiter);
      failureListeners.add(onFailure);
      signal?.addEventListener("abort", onAbort, { once: true });
    });

  /**
   * The previous lock holder's result may still be on its way (the lock can be granted before its message
   * arrives); its earlier "started" message tells us so. Waits for it, bounded by `waitMs`, when it can do.
   */
  const resultInFlight = async (key: string, freshness: Freshness) => {
    const started = remoteStarted.get(key);
    if (started === undefined || env.now() - started.receivedAt >= waitMs) return undefined;
    if ("requestedSince" in freshness && started.requestedAt < freshness.requestedSince) return undefined;
    const result = await waitForRemote(key, freshness);
    if (!result) remoteStarted.delete(key);
    return result;
  };

  const fetchAndShare = async (key: string, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult> => {
    post({ v: 1, type: "started", key, tabId, requestedAt: env.now() });
    try {
      const result = await fetch();
      post({ v: 1, type: "result", key, tabId, result });
      return { source: "fetched", result };
    } catch (error) {
      post({ v: 1, type: "failed", key, tabId });
      throw error;
    }
  };

  /** What the lock holder does: adopt a result that will do, or fetch and share one. */
  const whileHolding = async (
    key: string,
    freshness: Freshness,
    fetch: () => Promise<SharedResult>,
  ): Promise<CoordinatedResult> => {
    const adopted = freshResult(key, freshness) ?? (await resultInFlight(key, freshness));
    return adopted ? { source: "adopted", result: adopted } : fetchAndShare(key, fetch);
  };

  /** No other tab holds the lock: take it without queueing (a first mount does not wait); else wait for it. */
  const coordinateWithLocks = async (key: string, freshness: Freshness, fetch: () => Promise<SharedResult>) => {
    const atOnce = await env.locks!.request(`${channelName}:${key}`, { ifAvailable: true }, async (granted) =>
      granted ? { result: await whileHolding(key, freshness, fetch) } : undefined,
    );
    if (atOnce) return atOnce.result;
    // Another tab is refreshing now, though its "started" message may have gone out before this tab listened:
    // once the lock is ours, its result may still be on the way (a holder older than waitMs counts as hung).
    if (!remoteStarted.has(key)) remoteStarted.set(key, { receivedAt: env.now(), requestedAt: env.now() - waitMs });
    return waitForLock(key, freshness, fetch);
  };

  const waitForLock = async (key: string, freshness: Freshness, fetch: () => Promise<SharedResult>) => {
    const stopWaiting = new AbortController();
    pendingLockRequests.add(stopWaiting);
    const timer = env.setTimeout(() => stopWaiting.abort(), waitMs);
    let adoptedWhileWaiting: CoordinatedResult | undefined;
    let granted = false;
    // Whichever comes first: another tab's result, or the lock.
    const remote = waitForRemote(key, freshness, stopWaiting.signal).then((result) => {
      if (!result || granted) return;
      adoptedWhileWaiting = { source: "adopted", result };
      stopWaiting.abort();
    });
    const viaLock = env
      .locks!.request(`${channelName}:${key}`, { signal: stopWaiting.signal }, async (): Promise<CoordinatedResult> => {
        granted = true;
        env.clearTimeout(timer);
        if (adoptedWhileWaiting) return adoptedWhileWaiting;
        stopWaiting.abort(); // stop listening for a remote result: this tab decides now
        return whileHolding(key, freshness, fetch);
      })
      .catch((error: unknown) => {
        if (granted) throw error;
        return undefined; // not granted: aborted (adopted or timed out) or locks refused
      });
    try {
      const fromLock = await viaLock;
      await remote;
      if (closed) throw new AuthClientDestroyedError();
      return fromLock ?? adoptedWhileWaiting ?? (await fetchAndShare(key, fetch));
    } finally {
      env.clearTimeout(timer);
      pendingLockRequests.delete(stopWaiting);
    }
  };

  const coordinateWithMessages = async (key: string, freshness: Freshness, fetch: () => Promise<SharedResult>) => {
    const adopted = freshResult(key, freshness) ?? (await resultInFlight(key, freshness));
    return adopted ? ({ source: "adopted", result: adopted } as const) : fetchAndShare(key, fetch);
  };

  return {
    coordinate(key, freshness, fetch) {
      if (!channel) return fetch().then((result) => ({ source: "fetched", result }));
      return env.locks ? coordinateWithLocks(key, freshness, fetch) : coordinateWithMessages(key, freshness, fetch);
    },
    publish(key, result) {
      post({ v: 1, type: "result", key, tabId, result });
    },
    close() {
      closed = true;
      for (const request of [...pendingLockRequests]) request.abort();
      for (const waiter of [...waiters]) waiter.resolve(undefined);
      channel?.close();
    },
  };
}
