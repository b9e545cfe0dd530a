/**
 * The types of cross-tab coordination, apart from its two halves (tab-coordinator.ts, the first load's, and
 * tab-coordinator-chunk.ts, the later chunk's), so that the chunk imports nothing of the half that loads it.
 */
import type { AuthEnvironment } from "./environment.js";
import type { AuthClientDestroyedError } from "./errors.js";
import type { Freshness, SharedResult } from "./tab-messages.js";
import type { liveSiblings } from "./tab-siblings.js";

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
