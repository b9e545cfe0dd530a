/**
 * The session engine's test world: the shared multi-tab browser (test/support/fake-browser.ts) on vitest's fake
 * timers, in front of a fake auth server that answers by mode and counts requests.
 */
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import {
  createAuthClient,
  tabSync,
  type AuthClient,
  type AuthClientOptions,
  type AuthEvent,
} from "../../../src/session/index.js";
import { MultiTabBrowser, type BrowserTab, type TabOptions } from "../../support/fake-browser.js";
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
      if (this.logoutStatus !== 200)
        return Promise.resolve(new Response("{}", { status: this.logoutStatus, statusText: "Bad Gateway" }));
      this.mode = "logged_out";
      return Promise.resolve(Response.json({ redirect_to: this.logoutRedirect }, { headers }));
    }
    const orgId = url.searchParams.get("active_org_id");
    switch (this.mode) {
      case "network":
        return Promise.reject(new TypeError("Failed to fetch"));
      case "hang":
        return new Promise((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        );
      case "stall_body": // 200 and headers at once, then a body that never ends (and ignores the abort signal)
        return Promise.resolve(
          new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode("{")) }), { headers }),
        );
      case "redirect":
        return Promise.resolve(
          new Response(null, { status: 302, headers: { Location: "https://evil.example/api/v1/refresh_token" } }),
        );
      case "rate_limited":
        return Promise.resolve(
          new Response("{}", {
            status: 429,
            statusText: "Too Many Requests",
            headers: { ...headers, "Retry-After": this.retryAfter },
          }),
        );
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
            this.rewriteBody(
              JSON.stringify(
                refreshBody(Date.now(), this.lifetimeSeconds, {
                  ...this.bodyOverrides,
                  ...(orgId ? { access_token: `org-${orgId}-${Date.now()}` } : {}),
                }),
              ),
            ),
            { headers },
          ),
        );
    }
  }
}

/** An open tab of the fake browser. */
export type FakeTab = BrowserTab;

/** A browser with shared storage, channels and locks on vitest's (fake) timers, in front of a `FakeServer`. */
export class FakeBrowser extends MultiTabBrowser {
  readonly server: FakeServer;
  // a storage event keeps its 1 ms when a test slows the channel messages down
  override storageLatencyMs = 1;

  constructor(server = new FakeServer()) {
    super(
      {
        now: () => Date.now(),
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
      server.fetch,
    );
    this.server = server;
  }

  /** Opens one more tab. */
  tab(options: TabOptions = {}): FakeTab {
    return this.openTab(options);
  }
}

/** Installs fake timers (including Date) at a fixed start time. */
export function useFakeTime(startIso = "2026-01-01T00:00:00Z"): void {
  vi.useFakeTimers({ now: new Date(startIso) });
}

/** What `openClient` takes: client options (the auth URL defaults to `AUTH_URL`), the tab's options, an event log. */
export type ClientSetup = Partial<AuthClientOptions> & { tab?: TabOptions; events?: AuthEvent[] };

/** One test file's session world: the browser of the running test and a way to open a client in a new tab. */
export interface SessionWorld {
  /** The running test's browser (a new one per test). */
  readonly browser: FakeBrowser;
  /** Opens a tab and a client on it; the client is destroyed after the test. */
  openClient(setup?: ClientSetup): { client: AuthClient; tab: FakeTab };
  /** Destroys a client made some other way after the test as well; returns it. */
  destroyAfterTest(client: AuthClient): AuthClient;
}

/**
 * Sets up the session tests of one file: before each test fake time and a new browser, after it every client
 * `openClient` made is destroyed and real time is back. Call it at the top of the file (it registers the hooks).
 * `holdsTabChunk`: the file holds tab coordination's later chunk back itself, so it is not loaded up front.
 */
export function sessionWorld({ holdsTabChunk = false } = {}): SessionWorld {
  let current: FakeBrowser | undefined;
  const clients: AuthClient[] = [];
  // The session's validators and tab coordination's coordinator are modules of their own that a client starts
  // loading when created; a page has them by the time its first answer arrives, so they are loaded here once, before
  // the clock is faked.
  beforeAll(async () => {
    await import("../../../src/generated/validators/session.js");
    if (!holdsTabChunk) await import("../../../src/session/tab-coordinator-chunk.js");
  });
  beforeEach(() => {
    useFakeTime();
    current = new FakeBrowser();
  });
  afterEach(() => {
    clients.splice(0).forEach((client) => client.destroy());
    vi.useRealTimers();
  });
  const browser = (): FakeBrowser => {
    if (!current) throw new Error("the session world's browser exists only while a test runs");
    return current;
  };
  return {
    get browser() {
      return browser();
    },
    openClient({ tab: tabOptions, events, ...options } = {}) {
      const tab = browser().tab(tabOptions);
      const onEvent = events ? { onEvent: (event: AuthEvent) => void events.push(event) } : {};
      const client = createAuthClient({
        authUrl: AUTH_URL,
        environment: tab.env,
        tabs: tabSync,
        ...onEvent,
        ...options,
      });
      clients.push(client);
      return { client, tab };
    },
    destroyAfterTest(client) {
      clients.push(client);
      return client;
    },
  };
}
