/**
 * One simulated browser for the session engine's tests and the refresh-traffic bench: several tabs of one origin
 * sharing an in-memory localStorage (the other tabs get a `storage` event as a later task, the writing tab does
 * not), a BroadcastChannel bus (a clone reaches every other open channel of the name after `messageLatencyMs`)
 * and an exclusive lock manager like `navigator.locks`. Each tab is an `AuthEnvironment`; a tab may be opened
 * without the channel and the locks. Time comes from the clock it is given (vitest's fake timers, or a virtual clock).
 */
import type { AuthEnvironment, KeyValueStore, TabChannel, WakeReason } from "../../src/session/environment.js";
import { MemoryLocks } from "./memory-locks.js";

/** Where the browser's tabs read the time and schedule their timers. */
export interface BrowserClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What a tab is opened with. */
export interface TabOptions {
  /** Give the tab a BroadcastChannel (default true). */
  withChannel?: boolean;
  /** Give the tab the shared lock manager (default true). */
  withLocks?: boolean;
  /** How far this tab's clock is off the browser's, in ms. */
  skewMs?: number;
  userAgent?: string;
  /** The tab's current page. */
  href?: string;
}

/** One open tab: its environment, the navigations it was asked for, and its window's wake-up events. */
export interface BrowserTab {
  readonly id: number;
  readonly env: AuthEnvironment;
  readonly navigations: string[];
  /** Fires a focus / online / visible wake-up in this tab. */
  wake(reason: WakeReason): void;
  /** How many wake-up and storage listeners the tab's engine still holds. */
  listenerCount(): number;
}

type StorageListener = (key: string | null, value: string | null) => void;

/** The shared browser: storage, channel bus and locks in front of one `fetch`; `openTab` adds a tab. */
export class MultiTabBrowser {
  /** How long a BroadcastChannel message takes to reach the other tabs. */
  messageLatencyMs = 1;
  /** How long a `storage` event takes to reach the other tabs; null: as long as a channel message. */
  storageLatencyMs: number | null = null;
  private readonly storageMap = new Map<string, string>();
  /** The shared localStorage (`map`: its contents), written as from outside every tab (all tabs get the event). */
  readonly storage: KeyValueStore & { readonly map: ReadonlyMap<string, string> } = {
    map: this.storageMap,
    getItem: (key) => this.storageMap.get(key) ?? null,
    setItem: (key, value) => this.writeStorage(null, key, value),
    removeItem: (key) => this.writeStorage(null, key, null),
  };
  readonly locks = new MemoryLocks();
  private readonly storageListeners = new Map<number, Set<StorageListener>>();
  private readonly channels = new Set<{ tab: number; name: string; listener: ((message: unknown) => void) | null }>();
  private nextTabId = 0;

  constructor(
    private readonly clock: BrowserClock,
    private readonly fetch: AuthEnvironment["fetch"],
  ) {}

  /** Opens one more tab. */
  openTab(options: TabOptions = {}): BrowserTab {
    const id = this.nextTabId++;
    const clock = this.clock;
    const skew = options.skewMs ?? 0;
    const wakeListeners = new Set<(reason: WakeReason) => void>();
    const ownStorageListeners = new Set<StorageListener>();
    this.storageListeners.set(id, ownStorageListeners);
    const navigations: string[] = [];
    const env: AuthEnvironment = {
      isBrowser: true,
      fetch: this.fetch,
      now: () => clock.now() + skew,
      setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
      clearTimeout: (handle) => clock.clearTimeout(handle),
      storage: {
        getItem: (key) => this.storage.getItem(key),
        setItem: (key, value) => this.writeStorage(id, key, value),
        removeItem: (key) => this.writeStorage(id, key, null),
      },
      onWake: (listener) => {
        wakeListeners.add(listener);
        return () => void wakeListeners.delete(listener);
      },
      onStorageChange: (listener) => {
        ownStorageListeners.add(listener);
        return () => void ownStorageListeners.delete(listener);
      },
      openChannel: (name) => (options.withChannel === false ? null : this.openChannel(id, name)),
      locks: options.withLocks === false ? null : this.locks,
      navigate: (url) => void navigations.push(url),
      currentHref: () => options.href ?? "https://app.example.com/current/page",
      userAgent: () => options.userAgent ?? "FakeAgent/1.0",
    };
    return {
      id,
      env,
      navigations,
      wake: (reason) => wakeListeners.forEach((listener) => listener(reason)),
      listenerCount: () => wakeListeners.size + ownStorageListeners.size,
    };
  }

  /** Like a browser: the writing tab (null: none) gets no `storage` event, every other tab gets one as a later task. */
  private writeStorage(writer: number | null, key: string, value: string | null): void {
    if (value === null) this.storageMap.delete(key);
    else this.storageMap.set(key, value);
    for (const [tab, listeners] of this.storageListeners) {
      if (tab === writer) continue;
      for (const listener of [...listeners])
        this.clock.setTimeout(() => listener(key, value), this.storageLatencyMs ?? this.messageLatencyMs);
    }
  }

  private openChannel(tab: number, name: string): TabChannel {
    const self = { tab, name, listener: null as ((message: unknown) => void) | null };
    this.channels.add(self);
    return {
      post: (message) => {
        for (const other of this.channels) {
          if (other === self || other.name !== name) continue;
          // a clone, as BroadcastChannel delivers; a channel closed meanwhile gets nothing
          const copy = structuredClone(message);
          this.clock.setTimeout(() => this.channels.has(other) && other.listener?.(copy), this.messageLatencyMs);
        }
      },
      onMessage: (listener) => {
        self.listener = listener;
      },
      close: () => void this.channels.delete(self),
    };
  }
}
