/**
 * The refresh-traffic benchmark's browser: the session tests' multi-tab browser (test/support/fake-browser.ts)
 * on a `VirtualClock`, in front of a fake auth server that counts the requests it gets. A tab opened without
 * coordination has no channel and no locks (the per-tab baseline).
 */
import { MultiTabBrowser, type BrowserTab, type TabOptions } from "../../test/support/fake-browser.js";
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
export type SimTab = BrowserTab;

/** The shared browser (test/support/fake-browser.ts) on the virtual clock; `openTab` adds a tab. */
export class SimBrowser extends MultiTabBrowser {
  readonly server: FakeAuthServer;

  constructor(clock: VirtualClock, server = new FakeAuthServer(clock)) {
    super(
      {
        now: () => clock.now(),
        setTimeout: (callback, ms) => clock.schedule(callback, ms),
        clearTimeout: (handle) => clock.clear(handle),
      },
      server.fetch,
    );
    this.server = server;
  }

  /** Opens a tab; `coordinated: false` gives it no channel and no locks (each tab on its own). */
  override openTab(options: TabOptions & { coordinated?: boolean } = {}): SimTab {
    const coordinated = options.coordinated ?? true;
    return super.openTab({
      href: "https://app.example.com/",
      userAgent: "SimBrowser/1.0",
      withChannel: coordinated,
      withLocks: coordinated,
      ...options,
    });
  }
}
