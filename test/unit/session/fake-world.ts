/**
 * A fake browser for the session engine: one shared localStorage, BroadcastChannel bus and lock manager,
 * several "tabs" (environments) on vitest's fake timers, and a fake auth server counting requests.
 */
import { vi } from "vitest";
import type { AuthEnvironment, KeyValueStore, TabChannel, WakeReason } from "../../../src/session/environment.js";
import { MemoryLocks } from "../../support/memory-locks.js";
import { refreshBody } from "../../support/refresh-body.js";

export { refreshBody };

export const AUTH_URL = "https://auth.example.com";

/** What the fake server answers to the refresh call. */
export type ServerMode =
  | "logged_in"
  | "logged_out"
  | "error500"
  | "network"
  | "bad_json"
  | "bad_schema"
  | "hang"
  | "stall_body"
  | "redirect"
  | "rate_limited";

export interface RecordedRequest {
  url: URL;
  method: string;
  at: number;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/** The fake auth server: answers by `mode`, counts requests, stamps a `Date` header in true time. */
export class FakeServer {
  mode: ServerMode = "logged_in";
  lifetimeSeconds = 1800;
  logoutRedirect = "https://app.example.com/bye";
  logoutStatus = 200;
  orgsUserIsIn = new Set(["o1"]);
  bodyOverrides: Record<string, unknown> = {};
  requests: RecordedRequest[] = [];
  /** Rewrites the JSON text of a logged-in answer (e.g. to splice in a value too deep for JSON.stringify). */
  rewriteBody: (json: string) => string = (json) => json;
  /** The `Retry-After` header (seconds) of a "rate_limited" answer. */
  retryAfter = "2";
  /** Simulated network latency of every answer (0 = answer at once). */
  latencyMs = 0;

  get refreshCount(): number {
    return this.requests.filter((r) => r.url.pathname === "/api/v1/refresh_token").length;
  }

  fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    this.requests.push({
      url,
      method: init?.method ?? "GET",
      at: Date.now(),
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    });
    const answer = this.answer(url, init); // the server's state when the request arrives
    answer.catch(() => undefined); // a network failure is handled by whoever awaits it, after the latency
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    return answer;
  };

  private answer(url: URL, init?: RequestInit): Promise<Response> {
    const headers = { "Content-Type": "application/json", Date: new Date(Date.now()).toUTCString() };
    if (url.pathname === "/api/v1/logout") {
      if (this.logoutStatus !== 200) return Promise.resolve(new Response("{}", { status: this.logoutStatus, statusText: "Bad Gateway" }));
      this.mode = "logged_out";
      return Promise.resolve(Response.json({ redirect_to: this.logoutRedirect }, { headers }));
    }
    const orgId = url.searchParams.get("active_org_id");
    switch (this.mode) {
      case "network":
        return Promise.reject(new TypeError("Failed to fetch"));
      case "hang":
        return new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
      case "stall_body": // 200 and headers at once, then a body that never ends (and ignores the abort signal)
        return Promise.resolve(new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("{")) }), { headers }));
      case "redirect":
        return Promise.resolve(new Response(null, { status: 302, headers: { Location: "https://evil.example/api/v1/refresh_token" } }));
      case "rate_limited":
        return Promise.resolve(new Response("{}", { status: 429, statusText: "Too Many Requests", headers: { ...headers, "Retry-After": this.retryAfter } }));
      case "error500":
        return Promise.resolve(new Response("oops", { status: 500, statusText: "Internal Server Error", headers }));
      case "logged_out":
        return Promise.resolve(new Response("{}", { status: 401, statusText: "Unauthorized", headers }));
      case "bad_json":
        return Promise.resolve(new Response("<html>", { status: 200, headers }));
      case "bad_schema":
        return Promise.resolve(Response.json({ access_token: 42 }, { headers }));
      case "logged_in":
        if (orgId !== null && !this.orgsUserIsIn.has(orgId)) {
          return Promise.resolve(new Response("{}", { status: 401, statusText: "Unauthorized", headers }));
        }
        return Promise.resolve(
          new Response(
            this.rewriteBody(JSON.stringify(refreshBody(Date.now(), this.lifetimeSeconds, { ...this.bodyOverrides, ...(orgId ? { access_token: `org-${orgId}-${Date.now()}` } : {}) }))),
            { headers },
          ),
        );
    }
  }
}

class MemoryStorage implements KeyValueStore {
  readonly map = new Map<string, string>();
  constructor(private readonly onChange: (key: string, value: string | null) => void) {}
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
    this.onChange(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
    this.onChange(key, null);
  }
}

export interface FakeTab {
  env: AuthEnvironment;
  wake(reason: WakeReason): void;
  navigations: string[];
  listenerCount(): number;
}

/** A browser with shared storage, channels and locks; `tab()` opens one more tab. */
export class FakeBrowser {
  readonly server = new FakeServer();
  private readonly storageListeners = new Set<(key: string, value: string | null) => void>();
  readonly storage = new MemoryStorage((key, value) => {
    // Like browsers: other tabs get a `storage` event (as a task), the writing tab does not.
    for (const listener of [...this.storageListeners]) setTimeout(() => listener(key, value), 1);
  });
  private readonly channels = new Set<{ name: string; listener: ((m: unknown) => void) | null; closed: boolean }>();
  readonly locks = new MemoryLocks();
  /** How long a BroadcastChannel message takes to reach the other tabs. */
  messageLatencyMs = 1;

  tab(options: { skewMs?: number; withChannel?: boolean; withLocks?: boolean; userAgent?: string } = {}): FakeTab {
    const wakeListeners = new Set<(reason: WakeReason) => void>();
    const ownStorageListeners = new Set<(key: string | null, value: string | null) => void>();
    const navigations: string[] = [];
    const skew = options.skewMs ?? 0;
    const channels = this.channels;
    const messageLatency = () => this.messageLatencyMs;
    const env: AuthEnvironment = {
      isBrowser: true,
      fetch: this.server.fetch,
      now: () => Date.now() + skew,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      storage: {
        getItem: (key) => this.storage.getItem(key),
        setItem: (key, value) => {
          // the writing tab must not hear its own write
          for (const listener of ownStorageListeners) this.storageListeners.delete(listener as never);
          this.storage.setItem(key, value);
          for (const listener of ownStorageListeners) this.storageListeners.add(listener as never);
        },
        removeItem: (key) => this.storage.removeItem(key),
      },
      onWake: (listener) => {
        wakeListeners.add(listener);
        return () => wakeListeners.delete(listener);
      },
      onStorageChange: (listener) => {
        ownStorageListeners.add(listener);
        this.storageListeners.add(listener as never);
        return () => {
          ownStorageListeners.delete(listener);
          this.storageListeners.delete(listener as never);
        };
      },
      openChannel: (name): TabChannel | null => {
        if (options.withChannel === false) return null;
        const self = { name, listener: null as ((m: unknown) => void) | null, closed: false };
        channels.add(self);
        return {
          post: (message) => {
            const copy = structuredClone(message);
            for (const other of channels) {
              if (other !== self && other.name === name && !other.closed) setTimeout(() => other.listener?.(copy), messageLatency());
            }
          },
          onMessage: (listener) => {
            self.listener = listener;
          },
          close: () => {
            self.closed = true;
            channels.delete(self);
          },
        };
      },
      locks: options.withLocks === false ? null : this.locks,
      navigate: (url) => void navigations.push(url),
      currentHref: () => "https://app.example.com/current/page",
      userAgent: () => options.userAgent ?? "FakeAgent/1.0",
    };
    return {
      env,
      navigations,
      wake: (reason) => wakeListeners.forEach((listener) => listener(reason)),
      listenerCount: () => wakeListeners.size + ownStorageListeners.size,
    };
  }
}

/** Installs fake timers (including Date) at a fixed start time. */
export function useFakeTime(startIso = "2026-01-01T00:00:00Z"): void {
  vi.useFakeTimers({ now: new Date(startIso) });
}
