/**
 * What the first load hands the session engine when its chunk arrives: the client's parts the synchronous calls need
 * at once (store, persisted state, the selected org, the page's first refresh), so that the engine carries only what
 * runs after the first refresh was sent.
 */
import type { EngineLibrary } from "./engine-library.js";
import type { AuthEnvironment } from "./environment.js";
import type { EventEmitter } from "./events.js";
import type { ResolvedTiming, SessionTriggerOptions } from "./options.js";
import type { PersistedState } from "./persisted-state.js";
import type { SessionStore } from "./session-store.js";
import type {
  CoordinatedResult,
  CoordinatorOptions,
  SharedResult,
  TabCoordinator,
  TabSync,
} from "./tab-coordinator.js";

/**
 * The client's first-load parts, as the engine uses them: a list, not a record (the engine destructures it into local
 * names, which minify, where a record's keys would be written in both chunks).
 */
export type SessionCore = readonly [
  /** Every side effect: network, clock, timers, storage, window events, tab messaging. */
  env: AuthEnvironment,
  /** The auth host's origin. */
  authOrigin: string,
  timing: ResolvedTiming,
  /** Reports the engine's events. */
  emit: EventEmitter,
  /** What may start a refresh besides an explicit call (each on unless false), read once at creation. */
  triggers: SessionTriggerOptions,
  /** Makes the coordinator that shares refreshes with the other tabs; without it each tab refreshes on its own. */
  tabs: TabSync | null | undefined,
  store: SessionStore,
  persisted: PersistedState,
  /** The org the app selected once started (null for none); the client's synchronous calls read and write it. */
  selection: { id: string | null },
  /** The first load's code the engine uses (it imports none). */
  lib: EngineLibrary,
  /** Starts the client (idempotent): the engine's `run()` once. */
  start: () => void,
  /**
   * The page's first refresh for `key` (joined, or sent at once with no lock), through the client's `coordinator`
   * once started; `expected`: whether a session is expected (picks the request that goes first).
   */
  pageRefresh: PageRefresh,
  /** A coordinator's options for this client. */
  coordinatorOptions: (
    current: CoordinatorOptions["current"],
    onRemoteResult: (key: string, result: SharedResult) => void,
  ) => CoordinatorOptions,
];

/** The page's first refresh for `key`, as the first load runs it (first-refresh.ts). */
export type PageRefresh = (
  key: string,
  orgId: string | null,
  expected: boolean,
  coordinator: TabCoordinator | undefined,
) => Promise<CoordinatedResult>;
