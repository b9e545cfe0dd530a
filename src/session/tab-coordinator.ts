/**
 * Cross-tab coordination (`tabSync`): one tab refreshes and the others adopt its result; a new tab takes a fresh
 * session from a sibling instead of asking the server. This is its first-load half: the coordinator itself
 * (tab-coordinator-chunk.ts: locks, messages, the shared refresh record, the presence map's writes) is a later
 * chunk, loaded when a client is created, while the page's first refresh is in flight. A page's first refresh never
 * waits for it when the presence map names no live sibling: it is sent at once (this tab's presence entry written
 * first, so that a tab opened meanwhile asks it), its answer is this tab's as soon as it comes, and it is shared
 * with the other tabs once the chunk arrives.
 * When a sibling is named, it waits for the chunk and asks the sibling (its answer saves the request). Every other
 * call waits for the chunk (each returns a promise already, or returns nothing), at most `waitMs`: then, or were the
 * chunk to fail to load, this tab refreshes on its own (the next client tries a failed chunk again). Closed before
 * the chunk arrived, it stops waiting (no coordinator is made, no timer left).
 */
import type { AuthEnvironment } from "./environment.js";
import { AuthClientDestroyedError } from "./errors.js";
import type { Freshness, SharedResult } from "./tab-messages.js";
import { liveSiblings, type SiblingState } from "./tab-siblings.js";

export type { Freshness, SharedResult } from "./tab-messages.js";

/** How a coordinated refresh ended: fetched by this tab, or adopted from another one. */
export type CoordinatedResult =
  | { source: "fetched"; result: SharedResult }
  | { source: "adopted"; result: SharedResult };

/** The coordinator of one client. */
export interface TabCoordinator {
  /**
   * Runs `fetch` for `key` unless another tab has, or is about to have, a result that satisfies `freshness`,
   * in which case that tab's result is returned. The fetched result is shared with the other tabs.
   */
  coordinate(key: string, freshness: Freshness, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult>;
  /**
   * A page's first refresh: no lock; adopts a sibling's session that is still fresh (see `usableUntil`) or the
   * result of a sibling refreshing now, else fetches at once (after asking, when a sibling is known).
   */
  firstRefresh(key: string, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult>;
  /** Shares a result this tab obtained outside `coordinate` (e.g. a logout). */
  publish(key: string, result: SharedResult): void;
  /** Records in the presence map that this tab holds `result`'s session (or none) for new tabs to ask for. */
  hold(result: SharedResult | null): void;
  /**
   * Stops listening and closes the channel. The tab's presence entry stays (the page's next client takes it
   * over; `hold(null)` on page hide removes it); an entry nobody answers for costs a new tab `answerMs`.
   */
  close(): void;
}

/** How a coordinator is set up. */
export interface CoordinatorOptions {
  /** This tab's id (one per page: every client of the page speaks as the same tab). */
  tabId: string;
  /** Longest wait for another tab's refresh before refreshing alone. */
  waitMs: number;
  /** How long a new tab waits for a sibling that holds a session to answer before refreshing itself. */
  answerMs: number;
  /** Until when (ms) a result's session may be handed to a new tab (its token not expired or nearly): never after. */
  usableUntil(result: SharedResult): number;
  /** The result this tab holds for `key`, if it may answer a new tab's ask with it. */
  current(key: string): SharedResult | null;
  /** Receives every result another tab shares. */
  onRemoteResult(key: string, result: SharedResult): void;
}

/** Makes a client's tab coordinator: what `createAuthClient`'s `tabs` option takes (`tabSync`). */
export type TabSync = (env: AuthEnvironment, authOrigin: string, options: CoordinatorOptions) => TabCoordinator;

/** The chunk's coordinator: a `TabCoordinator` that can also share a refresh this tab sent before it arrived. */
export interface ChunkCoordinator extends TabCoordinator {
  /** Tells the other tabs about `fetch`'s request (sent already or sent now) and shares its result. */
  share(key: string, fetch: () => Promise<SharedResult>): Promise<CoordinatedResult>;
}

/**
 * The later chunk's factory, handed what the first load has (a module both imported would become a chunk of its own
 * in front of the app): the destroyed client's error and the presence map's read.
 */
export type TabChunk = (
  env: AuthEnvironment,
  authOrigin: string,
  options: CoordinatorOptions,
  Destroyed: typeof AuthClientDestroyedError,
  siblingsOf: typeof liveSiblings,
) => ChunkCoordinator;

/** The later chunk, loading or loaded (forgotten when it fails, so that the next client tries again). */
let chunk: Promise<{ open: TabChunk }> | undefined;

/** `fetch`'s result as this tab's own. */
const fetched = async (fetch: () => Promise<SharedResult>): Promise<CoordinatedResult> => ({
  source: "fetched",
  result: await fetch(),
});

/**
 * Cross-tab coordination for `createAuthClient({ tabs: tabSync })` (`<AuthProvider>` passes it by default): tabs
 * share one refresh and hand a fresh session to a new tab instead of each sending its own request.
 */
export const tabSync: TabSync = (env, authOrigin, options) => {
  // the chunk's coordinator once arrived; null when the chunk failed to load, took longer than `waitMs` or was given
  // up on by the closing (this tab then refreshes alone)
  let arrived: ChunkCoordinator | null | undefined;
  // the chunk's module, or nothing (failed to load, later than `waitMs`, closed first): the first call wins
  let end!: (loaded?: { open: TabChunk }) => void;
  // every call made before it arrived waits for it (in call order: all wait for this one promise)
  const arrival = new Promise<{ open: TabChunk } | undefined>((resolve) => {
    end = resolve;
  }).then((loaded) => {
    env.clearTimeout(timer);
    arrived = loaded ? loaded.open(env, authOrigin, options, AuthClientDestroyedError, liveSiblings) : null;
    return arrived;
  });
  const timer = env.setTimeout(end, options.waitMs);
  chunk ??= import("./tab-coordinator-chunk.js");
  chunk.then(end, () => {
    chunk = undefined;
    end();
  });
  const withCoordinator = <T>(call: (coordinator: ChunkCoordinator | null) => T): T =>
    // every call that waits returns a promise or nothing
    arrived === undefined ? (arrival.then(call) as T) : call(arrived);
  const siblings = (mine?: [SiblingState, number]) =>
    liveSiblings(env.storage, authOrigin, options.tabId, env.now(), mine).length;
  return {
    coordinate: (key, freshness, fetch) =>
      withCoordinator((coordinator) => (coordinator ? coordinator.coordinate(key, freshness, fetch) : fetched(fetch))),
    firstRefresh(key, fetch) {
      if (arrived !== undefined || siblings())
        return withCoordinator((coordinator) => (coordinator ? coordinator.firstRefresh(key, fetch) : fetched(fetch)));
      // no sibling to ask: sent at once; the presence map says so first (a tab opened meanwhile asks this one). Its
      // answer is this tab's as soon as it comes; the other tabs are told once the coordinator has arrived
      siblings(["refreshing", env.now() + options.waitMs]);
      const sent = fetch();
      withCoordinator((coordinator) => coordinator?.share(key, () => sent).catch(() => undefined)); // the failure is the outcome's
      return fetched(() => sent);
    },
    publish: (key, result) => void withCoordinator((coordinator) => coordinator?.publish(key, result)),
    hold: (result) => void withCoordinator((coordinator) => coordinator?.hold(result)),
    close() {
      end(); // before the chunk arrived: no coordinator is made, no timer left
      withCoordinator((coordinator) => coordinator?.close());
    },
  };
};
