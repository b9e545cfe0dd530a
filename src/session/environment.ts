/**
 * Every side effect of the session engine enters through one `AuthEnvironment`: the network, the clock,
 * timers, web storage, window events, cross-tab messaging and locks, navigation and the user agent.
 * Tests pass fakes (fake time, several "tabs" sharing one in-memory storage and channel); a browser gets
 * `createBrowserEnvironment()`, a server `createServerEnvironment()`. Nothing here reads `window` at import.
 */
import { OrgauthError } from "../shared/orgauth-error.js";

import { globalTimers, type Timers } from "../transport/timeout.js";

/** An opaque timer handle. */
export type TimerHandle = unknown;

/** The subset of `Storage` the engine uses (login time, logout time, last selected org: never a token). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A same-origin message channel between tabs (a `BroadcastChannel` in browsers). */
export interface TabChannel {
  post(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  close(): void;
}

/**
 * Exclusive cross-tab locks (the Web Locks API); a lock is released when `task` settles or the tab dies. With
 * `ifAvailable` the request never waits: `task` runs at once with `granted` false when another holder has it.
 */
export interface TabLocks {
  request<T>(
    name: string,
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    task: (granted: boolean) => Promise<T>,
  ): Promise<T>;
}

/** Why the tab woke up: window focus, the browser coming back online, or the page becoming visible. */
export type WakeReason = "focus" | "online" | "visible";

/** The side effects the session engine may use; its timers are the library's one `Timers` seam. */
export interface AuthEnvironment extends Timers {
  /** False on a server: the engine then makes no requests and registers nothing. */
  readonly isBrowser: boolean;
  /** Performs an HTTP request (the standard `fetch` signature; also used by the fe/v3 transport). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** Milliseconds since the epoch, in the client's (possibly skewed) clock. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Persistent same-origin storage, or null where there is none. */
  readonly storage: KeyValueStore | null;
  /** Subscribes to focus / online / visible wake-ups; returns the unsubscribe function. */
  onWake(listener: (reason: WakeReason) => void): () => void;
  /**
   * Subscribes to the page being hidden for good or for the back/forward cache (`pagehide`); returns the
   * unsubscribe function. Optional: without it a closed tab's presence entry lapses on its own.
   */
  onPageHide?(listener: () => void): () => void;
  /** Subscribes to storage changes made by other tabs; returns the unsubscribe function. */
  onStorageChange(listener: (key: string | null, newValue: string | null) => void): () => void;
  /** Opens a channel to the other tabs of this origin, or null when unsupported. */
  openChannel(name: string): TabChannel | null;
  /** Cross-tab locks, or null when unsupported. */
  readonly locks: TabLocks | null;
  /** Navigates the page to an (already validated) URL. */
  navigate(url: string): void;
  /** The current page URL, used to resolve a relative `returnTo`; null on a server. */
  currentHref(): string | null;
  /** The browser's user agent, or null. */
  userAgent(): string | null;
}

/** Thrown when something that needs a browser (navigation) is asked for on a server. */
export class BrowserOnlyError extends OrgauthError {
  override readonly name = "BrowserOnlyError";
  readonly type = "browser_only";

  constructor(what: string) {
    super(`${what} is only available in a browser`);
  }
}

async function globalFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  if (!globalThis.fetch) throw new TypeError("fetch is not available in this environment");
  return globalThis.fetch(input, init);
}

/** An environment for server rendering: no storage, no listeners, no navigation, no window access. */
export function createServerEnvironment(overrides: Partial<AuthEnvironment> = {}): AuthEnvironment {
  return {
    isBrowser: false,
    fetch: globalFetch,
    now: () => Date.now(),
    ...globalTimers,
    storage: null,
    onWake: () => () => undefined,
    onStorageChange: () => () => undefined,
    openChannel: () => null,
    locks: null,
    navigate: () => {
      throw new BrowserOnlyError("Navigation");
    },
    currentHref: () => null,
    userAgent: () => null,
    ...overrides,
  };
}

function browserStorage(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access denied (e.g. storage disabled in privacy mode)
  }
}

function browserLocks(): TabLocks | null {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks || typeof locks.request !== "function") return null;
  return {
    request: (name, options, task) =>
      // the Web Locks API refuses ifAvailable with a signal: a request that never waits needs none
      locks.request(name, options.ifAvailable ? { ifAvailable: true } : options, (lock) =>
        task(lock !== null),
      ) as Promise<Awaited<ReturnType<typeof task>>>,
  };
}

/** Adds `handler` to `target` for each event type; returns the function that removes them again. */
function listen(target: EventTarget, types: readonly string[], handler: (event: Event) => void): () => void {
  for (const type of types) target.addEventListener(type, handler);
  return () => {
    for (const type of types) target.removeEventListener(type, handler);
  };
}

/** The real browser environment; reads globals only when called, never at import. */
export function createBrowserEnvironment(overrides: Partial<AuthEnvironment> = {}): AuthEnvironment {
  const win = globalThis.window;
  const doc = globalThis.document;
  return {
    isBrowser: true,
    fetch: globalFetch,
    now: () => Date.now(),
    ...globalTimers,
    storage: browserStorage(),
    onWake: (listener) => {
      const removeWindow = listen(win, ["focus", "online"], (event) => listener(event.type as WakeReason));
      const removeDocument = listen(doc, ["visibilitychange"], () => {
        if (doc.visibilityState === "visible") listener("visible");
      });
      return () => {
        removeWindow();
        removeDocument();
      };
    },
    onPageHide: (listener) => listen(win, ["pagehide"], listener),
    onStorageChange: (listener) =>
      listen(win, ["storage"], (event) => listener((event as StorageEvent).key, (event as StorageEvent).newValue)),
    openChannel: (name) => {
      if (!globalThis.BroadcastChannel) return null;
      const channel = new BroadcastChannel(name);
      return {
        post: (message) => channel.postMessage(message),
        onMessage: (listener) => {
          channel.onmessage = (event: MessageEvent) => listener(event.data);
        },
        close: () => channel.close(),
      };
    },
    locks: browserLocks(),
    navigate: (url) => win.location.assign(url),
    currentHref: () => win?.location?.href ?? null,
    userAgent: () => globalThis.navigator?.userAgent ?? null,
    ...overrides,
  };
}

/** The browser environment when `window` and `document` exist, otherwise the server environment. */
export function createDefaultEnvironment(overrides: Partial<AuthEnvironment> = {}): AuthEnvironment {
  return globalThis.window && globalThis.document
    ? createBrowserEnvironment(overrides)
    : createServerEnvironment(overrides);
}
