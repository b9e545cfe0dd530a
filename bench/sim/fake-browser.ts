/**
 * A simulated browser for the refresh-traffic benchmark, on a `VirtualClock`: several tabs of one origin
 * sharing an in-memory localStorage (other tabs get `storage` events), a BroadcastChannel bus (messages
 * reach the other tabs after `messageLatencyMs`) and an exclusive lock manager like `navigator.locks`
 * (FIFO per name, AbortSignal support), in front of a fake auth server that counts the requests it gets.
 * Each tab is an `AuthEnvironment`; a tab may be opened without the channel and locks (the per-tab baseline).
 */
import type { AuthEnvironment, KeyValueStore, TabChannel, WakeReason } from "../../src/session/environment.js";
import { MemoryLocks } from "../../test/support/memory-locks.js";
import { refreshBody } from "../../test/support/refresh-body.js";
import type { VirtualClock } from "./virtual-clock.js";

/** The origin of the fake auth server. */
export const SIM_AUTH_URL = "https://auth.example.com";

/** The fake auth server: logged in (200 with a token) or logged out (401); every answer takes `latencyMs`. */
export class FakeAuthServer {
  loggedIn = true;
  tokenLifetimeSeconds = 1800;
  latencyMs = 20;
  /** Refresh requests received, with the virtual time each arrived. */
  readonly refreshRequests: number[] = [];

  constructor(private readonly clock: VirtualClock) {}

  /** A `fetch` for the tabs: answers `/api/v1/refresh_token` after `latencyMs`, honouring the abort signal. */
  readonly fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/api/v1/refresh_token") this.refreshRequests.push(this.clock.now());
    return new Promise((resolve, reject) => {
      const signal = init?.signal;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.clock.clear(timer);
        reject(signal!.reason);
      };
      const timer = this.clock.schedule(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve(this.answer(url));
      }, this.latencyMs);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  };

  private answer(url: URL): Response {
    const now = this.clock.now();
    const headers = { "Content-Type": "application/json", Date: new Date(now).toUTCString() };
    if (url.pathname !== "/api/v1/refresh_token") return new Response("{}", { status: 404, headers });
    if (!this.loggedIn) return new Response("{}", { status: 401, statusText: "Unauthorized", headers });
    return Response.json(refreshBody(now, this.tokenLifetimeSeconds), { headers });
  }
}

/** One open tab: its environment and a way to make its window fire wake-up events. */
export interface SimTab {
  readonly id: number;
  readonly env: AuthEnvironment;
  /** Fires a focus / online / visible wake-up in this tab. */
  wake(reason: WakeReason): void;
}

type StorageListener = (key: string | null, newValue: string | null) => void;

/** The shared browser: storage, channel bus and locks; `openTab` adds a tab. */
export class SimBrowser {
  readonly server: FakeAuthServer;
  /** How long a BroadcastChannel message or a `storage` event takes to reach the other tabs. */
  messageLatencyMs = 1;
  private readonly storage = new Map<string, string>();
  private readonly storageListeners = new Map<number, Set<StorageListener>>();
  private readonly channels = new Set<{ tab: number; name: string; listener: ((message: unknown) => void) | null }>();
  private readonly locks = new MemoryLocks();
  private nextTabId = 0;

  constructor(private readonly clock: VirtualClock) {
    this.server = new FakeAuthServer(clock);
  }

  /** Opens a tab; `coordinated: false` gives it no channel and no locks (each tab on its own). */
  openTab(options: { coordinated: boolean }): SimTab {
    const id = this.nextTabId++;
    const clock = this.clock;
    const wakeListeners = new Set<(reason: WakeReason) => void>();
    const ownStorageListeners = new Set<StorageListener>();
    this.storageListeners.set(id, ownStorageListeners);
    const storage: KeyValueStore = {
      getItem: (key) => this.storage.get(key) ?? null,
      setItem: (key, value) => this.writeStorage(id, key, value),
      removeItem: (key) => this.writeStorage(id, key, null),
    };
    const env: AuthEnvironment = {
      isBrowser: true,
      fetch: this.server.fetch,
      now: () => clock.now(),
      setTimeout: (callback, ms) => clock.schedule(callback, ms),
      clearTimeout: (handle) => clock.clear(handle),
      storage,
      onWake: (listener) => {
        wakeListeners.add(listener);
        return () => void wakeListeners.delete(listener);
      },
      onStorageChange: (listener) => {
        ownStorageListeners.add(listener);
        return () => void ownStorageListeners.delete(listener);
      },
      openChannel: (name) => (options.coordinated ? this.openChannel(id, name) : null),
      locks: options.coordinated ? this.locks : null,
      navigate: () => undefined,
      currentHref: () => "https://app.example.com/",
      userAgent: () => "SimBrowser/1.0",
    };
    return { id, env, wake: (reason) => wakeListeners.forEach((listener) => listener(reason)) };
  }

  /** Like a browser: the writing tab gets no `storage` event, every other tab gets one as a later task. */
  private writeStorage(writer: number, key: string, value: string | null): void {
    if (value === null) this.storage.delete(key);
    else this.storage.set(key, value);
    for (const [tab, listeners] of this.storageListeners) {
      if (tab === writer) continue;
      for (const listener of listeners) this.clock.schedule(() => listener(key, value), this.messageLatencyMs);
    }
  }

  private openChannel(tab: number, name: string): TabChannel {
    const self = { tab, name, listener: null as ((message: unknown) => void) | null };
    this.channels.add(self);
    return {
      post: (message) => {
        for (const other of this.channels) {
          if (other === self || other.name !== name) continue;
          // A clone, as BroadcastChannel delivers; a channel closed meanwhile gets nothing.
          const copy = structuredClone(message);
          this.clock.schedule(() => this.channels.has(other) && other.listener?.(copy), this.messageLatencyMs);
        }
      },
      onMessage: (listener) => {
        self.listener = listener;
      },
      close: () => void this.channels.delete(self),
    };
  }
}
