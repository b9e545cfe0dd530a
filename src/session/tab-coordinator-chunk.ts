/**
 * Cross-tab single-flight, the coordinator's later chunk (tab-coordinator.ts loads it when a client is created,
 * while the page's first refresh is in flight). One tab refreshes; the others adopt its result from a
 * BroadcastChannel message instead of sending their own request. With the Web Locks API a tab renews only while
 * holding an exclusive lock (released by the browser when the task settles or the tab dies, so never orphaned);
 * without it a "started" message tells the other tabs to wait. Whichever tab may refresh re-reads the shared record
 * of the key's last refresh first (refresh-record.ts): when a sibling refreshed (or is refreshing) for the same
 * need, its result is on the way even if its messages arrive after the lock or the tab's own timer, so the tab
 * waits for it. A page's first refresh takes no lock (a fresh page's first lock costs tens of milliseconds): it
 * asks the siblings the presence map names (tab-presence.ts) over the channel, adopts a fresh session one of them
 * holds or the result of one already refreshing, and sends its own request at once when no sibling is known or
 * none answers within `answerMs`. Every wait is bounded by `waitMs`, after which a tab refreshes alone. The
 * access token travels only in memory messages, never in web storage. It imports nothing the first load has
 * (a module both import would become a chunk of its own in front of the app): what it shares is handed in.
 * Longer than most files: the lock path, the message path and the first refresh share one set of waiters and one
 * channel listener, and read best side by side.
 */
import type { TabChannel } from "./environment.js";
import { type Freshness, isFresh, isMessage, type Message, type SharedResult } from "./tab-messages.js";
import { refreshRecords } from "./refresh-record.js";
import { createTabPresence } from "./tab-presence.js";
import type { ChunkCoordinator, CoordinatedResult, TabChunk } from "./tab-types.js";

/**
 * A wait for another tab's result: told each result (key and result), each failure notice (key alone) and the
 * coordinator's closing (no key); it ends itself on what concerns it.
 */
type Waiter = (key?: string, result?: SharedResult) => void;

/**
 * Creates the coordinator of one client for the auth origin `authOrigin`, from what the first load hands in: the
 * chunk's one export, named (a CommonJS build turns a lone default export into `module.exports` itself).
 */
export const open: TabChunk = (env, authOrigin, options, Destroyed, siblingsOf) => {
  const { tabId, waitMs, onRemoteResult } = options;
  const channelName = `orgauth:${authOrigin}`;
  const channel: TabChannel | null = env.isBrowser ? env.openChannel(channelName) : null;
  const presence = createTabPresence(channel ? env.storage : null, authOrigin, tabId, siblingsOf);
  const refreshRecord = refreshRecords(channel ? env.storage : null, authOrigin);
  const fetching = new Set<string>(); // keys this tab has a request out for
  const latest = new Map<string, SharedResult>(); // the newest result each key received from another tab
  const remoteStarted = new Map<string, number>(); // when a sibling's "started" for each key arrived
  const waiters = new Set<Waiter>();
  let closed = false;
  /** A first refresh sent before the chunk arrived, until the other tabs are told its outcome (`share`). */
  let sharing: Promise<unknown> | undefined;
  /** Tells every wait `key` and `result` (a copy of the set: a wait that ends leaves it). */
  const tell: Waiter = (key, result) => {
    for (const waiter of [...waiters]) waiter(key, result);
  };
  /** Tells the other tabs `type` for `key` (with the fields that type carries), from this tab. */
  const say = <T extends Message["type"]>(
    type: T,
    key: string,
    fields: Omit<Extract<Message, { type: T }>, "v" | "type" | "key" | "tabId">,
  ) => {
    try {
      channel?.post({ v: 1, type, key, tabId, ...fields });
    } catch {
      // A closed or broken channel only costs the other tabs a request of their own.
    }
  };

  /** A new tab asks for `key`: say so if this tab is refreshing it, else hand it the session held, if still fresh. */
  const answer = (key: string, asker: string) => {
    if (fetching.has(key)) return say("started", key, {});
    const result = options.current(key);
    if (result && options.usableUntil(result) > env.now()) say("result", key, { result, to: asker });
  };

  channel?.onMessage((raw) => {
    if (!isMessage(raw) || raw.tabId === tabId) return;
    const { type, key } = raw;
    if (type === "ask") return answer(key, raw.tabId);
    if (type === "started") return void remoteStarted.set(key, env.now());
    if (type === "result" && raw.to !== undefined && raw.to !== tabId) return;
    remoteStarted.delete(key);
    if (type === "failed") return tell(key);
    const { result } = raw;
    const previous = latest.get(key);
    if (!previous || result.at >= previous.at) latest.set(key, result);
    tell(key, result);
    if (raw.to === undefined) onRemoteResult(key, result);
  });

  /** Waits for another tab's result for `key` that `accepts`, a failure notice, `abort`, or `ms` (default `waitMs`). */
  const waitFor = (key: string, accepts: (result: SharedResult) => boolean, signal?: AbortSignal, ms = waitMs) =>
    new Promise<SharedResult | undefined>((resolve) => {
      // called again by a later abort of `signal` (a lock wait's own controller): then a no-op
      const finish = (result?: SharedResult) => {
        waiters.delete(waiter);
        env.clearTimeout(timer);
        resolve(result);
      };
      // a failure notice for `key` (no result) or the closing (no key) ends the wait too
      const waiter: Waiter = (told, result) => {
        if (told === undefined || (told === key && (!result || accepts(result)))) finish(result);
      };
      const onAbort = () => finish();
      const timer = env.setTimeout(onAbort, ms);
      waiters.add(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  /** Waits for another tab's result for `key` that satisfies `freshness` (see `waitFor`). */
  const waitForRemote = (key: string, freshness: Freshness, signal?: AbortSignal) =>
    waitFor(key, (result) => isFresh(result, freshness), signal);

  const hold = (result: SharedResult | null) => {
    const until = result?.authInfo ? options.usableUntil(result) : 0;
    presence.set(until > env.now() ? "holding" : null, env.now(), until);
  };
  /** The timer of the client's last `hold` of a session, written a task later (the tab renders it first). */
  let holding: unknown;

  const fetchAndShare = async (key: string, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult> => {
    const requestedAt = env.now();
    refreshRecord(key, [tabId, requestedAt, null]);
    say("started", key, {});
    fetching.add(key);
    presence.set("refreshing", env.now(), env.now() + waitMs);
    try {
      const result = await fetch();
      refreshRecord(key, [tabId, requestedAt, result.at]);
      say("result", key, { result });
      hold(result);
      return { source: "fetched", result };
    } catch (error) {
      // a sibling's newer record stays
      if (refreshRecord(key)?.[0] === tabId) refreshRecord(key, null);
      say("failed", key, {});
      hold(options.current(key)); // a session still held stays on offer
      throw error;
    } finally {
      fetching.delete(key);
    }
  };

  /**
   * A first refresh with known siblings: ask them; one refreshing now answers "started" (then its result is
   * awaited, bounded by `waitMs`), one holding a fresh session answers with it. A sibling listed but silent
   * is gone (a page reloaded or closed mid-refresh leaves its entry): after `answerMs`, or ten times that for
   * one listed as refreshing (a page still loading answers slowly), the tab refreshes alone.
   * Undefined: refresh alone.
   */
  const askSiblings = async (key: string): Promise<SharedResult | undefined> => {
    const now = env.now();
    const siblings = presence.siblings(now);
    if (!siblings.size) return undefined;
    const refreshing = siblings.has("refreshing");
    // a fresh answer that nobody is logged in will do too (only a session is never handed over stale)
    const usable = (result: SharedResult) => result.authInfo === null || options.usableUntil(result) > env.now();
    say("ask", key, {});
    const answered = await waitFor(key, usable, undefined, options.answerMs * (refreshing ? 10 : 1));
    if (answered || closed) return answered;
    const started = remoteStarted.get(key);
    return started !== undefined && started >= now ? waitFor(key, usable) : undefined;
  };

  /**
   * Re-reads the shared record once this tab may refresh: a sibling that refreshed for `freshness` (or is refreshing
   * now) within `waitMs` has its result on the way, even when none of its messages arrived yet; wait for that
   * result (bounded by `waitMs`, ended early by a failure notice) instead of sending another request.
   */
  const siblingRefresh = (key: string, freshness: Freshness) => {
    const record = refreshRecord(key);
    // a record of no use, this tab's own, too old (its tab may have died) or malformed (NaN), is passed over
    if (!record || record[0] === tabId || !(env.now() - (record[2] ?? record[1]) < waitMs)) return undefined;
    const pending = { requestedAt: record[1], at: record[2] ?? Infinity } as SharedResult;
    // called only once `latest` held nothing fresh enough, so what will do is still on the way
    return isFresh(pending, freshness) ? waitForRemote(key, freshness) : undefined;
  };

  /** What the lock holder (or, without locks, any tab) does: adopt a result that will do, or fetch and share one. */
  const whileHolding = async (
    key: string,
    freshness: Freshness,
    fetch: () => Promise<SharedResult>,
  ): Promise<CoordinatedResult> => {
    const received = latest.get(key);
    const adopted = received && isFresh(received, freshness) ? received : await siblingRefresh(key, freshness);
    return adopted ? { source: "adopted", result: adopted } : fetchAndShare(key, fetch);
  };

  /**
   * Takes the key's lock (at once when no other tab holds it: a first mount does not wait); while the lock is held
   * elsewhere, a fitting result from another tab ends the wait, and after `waitMs` the tab refreshes alone.
   */
  const coordinateWithLocks = async (key: string, freshness: Freshness, fetch: () => Promise<SharedResult>) => {
    const stopWaiting = new AbortController();
    const timer = env.setTimeout(() => stopWaiting.abort(), waitMs);
    let adoptedWhileWaiting: CoordinatedResult | undefined;
    let granted = false;
    // Whichever comes first: another tab's result, or the lock.
    const remote = waitForRemote(key, freshness, stopWaiting.signal).then((result) => {
      if (granted) return;
      if (result) adoptedWhileWaiting = { source: "adopted", result };
      if (result || closed) stopWaiting.abort(); // closing ends the wait: no lock request outlives the client
    });
    const viaLock = env
      .locks!.request(`${channelName}:${key}`, { signal: stopWaiting.signal }, async (): Promise<CoordinatedResult> => {
        granted = true; // the timer's abort no longer ends anything (a granted lock stays; cleared below)
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
      if (closed) throw new Destroyed();
      return fromLock ?? adoptedWhileWaiting ?? (await fetchAndShare(key, fetch));
    } finally {
      env.clearTimeout(timer);
    }
  };

  return {
    async coordinate(key, freshness, fetch) {
      if (!channel) return { source: "fetched", result: await fetch() };
      // without locks, the "started" messages alone keep the tabs from refreshing together
      return env.locks ? coordinateWithLocks(key, freshness, fetch) : whileHolding(key, freshness, fetch);
    },
    async firstRefresh(key, fetch) {
      if (!channel) return { source: "fetched", result: await fetch() };
      const adopted = await askSiblings(key);
      if (closed) throw new Destroyed();
      return adopted ? { source: "adopted", result: adopted } : fetchAndShare(key, fetch);
    },
    publish(key, result) {
      say("result", key, { result });
    },
    // the other tabs are told an answer a task after it came: this tab applies (and renders) it first
    share: (key, fetch) =>
      (sharing = fetchAndShare(key, () =>
        fetch().then((result) => new Promise<SharedResult>((resolve) => env.setTimeout(() => resolve(result), 0))),
      )),
    hold(result) {
      env.clearTimeout(holding);
      // none held (logged out, the page hides) is written at once
      if (result?.authInfo) holding = env.setTimeout(() => hold(result), 0);
      else hold(result);
    },
    close() {
      closed = true;
      tell();
      // a first refresh's outcome still goes out (`share`) before the channel closes
      if (sharing) sharing.finally(() => channel?.close()).catch(() => undefined);
      else channel?.close();
    },
  } satisfies ChunkCoordinator;
};
