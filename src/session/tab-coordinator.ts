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
import { AuthClientDestroyedError } from "./errors.js";
import type { SharedResult } from "./tab-messages.js";
import { liveSiblings, type SiblingState } from "./tab-siblings.js";
import type { ChunkCoordinator, CoordinatedResult, TabChunk, TabSync } from "./tab-types.js";

export type { Freshness, SharedResult } from "./tab-messages.js";
export type { CoordinatedResult, CoordinatorOptions, TabCoordinator, TabSync } from "./tab-types.js";

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
  // asked for a microtask later: a first refresh sent at once (below) leaves before it
  queueMicrotask(() => {
    chunk ??= import("./tab-coordinator-chunk.js");
    chunk.then(end, () => {
      chunk = undefined;
      end();
    });
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
    publish: (key, result) => withCoordinator((coordinator) => coordinator?.publish(key, result)),
    hold: (result) => withCoordinator((coordinator) => coordinator?.hold(result)),
    close() {
      end(); // before the chunk arrived: no coordinator is made, no timer left
      withCoordinator((coordinator) => coordinator?.close());
    },
  };
};
