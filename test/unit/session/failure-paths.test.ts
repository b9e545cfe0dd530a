import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  AuthClientDestroyedError,
  createAuthClient,
  createServerEnvironment,
  RefreshError,
  type AuthClient,
  type AuthEvent,
} from "../../../src/session/index.js";
import { createServerSessionClient } from "../../../src/nextjs/client/session-client.js";
import { deepEqual } from "../../../src/session/session-store.js";
import { AUTH_URL, type FakeBrowser, refreshBody, sessionWorld } from "./fake-world.js";

/** The session engine's failure paths: stalled bodies, deep values, destroy, Retry-After, redirects, start-up outages. */
const world = sessionWorld();
let browser: FakeBrowser;

function client(options: Record<string, unknown> = {}, events?: AuthEvent[]): AuthClient {
  return world.openClient({ ...options, ...(events ? { events } : {}) }).client;
}

const settle = <T>(promise: Promise<T>): Promise<T | unknown> => promise.catch((error: unknown) => error);

beforeEach(() => {
  browser = world.browser;
});

describe("a body that stalls after the headers", () => {
  it("times out like any request (refresh, org token, logout settle), and later refreshes are not stuck behind it", async () => {
    const c = client({ retryDelaysMs: [], timeoutMs: 1_000 });
    await c.getAuthInfo();
    browser.server.mode = "stall_body";
    const refresh = settle(c.refresh());
    const orgToken = c.getAccessTokenForOrg("o1");
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await refresh).toMatchObject({ name: "RefreshError", kind: "timeout" });
    expect(await orgToken).toEqual({ ok: false, error: "unexpected_error" });
    browser.server.mode = "logged_in";
    const next = c.refresh();
    await vi.advanceTimersByTimeAsync(10);
    await expect(next).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });

  it("destroy() ends a stalled body read with AuthClientDestroyedError", async () => {
    const c = client({ timeoutMs: 60_000 });
    await c.getAuthInfo();
    browser.server.mode = "stall_body";
    const refresh = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(10);
    c.destroy();
    expect(await refresh).toBeInstanceOf(AuthClientDestroyedError);
  });
});

describe("deeply nested free-form values", () => {
  const nested = (depth: number): unknown => {
    let value: unknown = "leaf";
    for (let i = 0; i < depth; i++) value = { next: value };
    return value;
  };

  it("deepEqual compares values 100 000 levels deep without recursion", () => {
    expect(deepEqual(nested(100_000), nested(100_000))).toBe(true);
    expect(deepEqual(nested(100_000), nested(99_999))).toBe(false);
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1] }, { a: { 0: 1 } })).toBe(false);
  });

  it("refresh() answers the same session with properties nested 100 000 deep: AuthInfo, never a RangeError", async () => {
    // Built as text: JSON.stringify itself cannot write a value this deep.
    const deepJson = `${'{"next":'.repeat(100_000)}"leaf"${"}".repeat(100_000)}`;
    const same = refreshBody(Date.now(), 1800); // the same session twice: same token, same expiry
    browser.server.bodyOverrides = {
      access_token: same.access_token,
      expires_at_seconds: same.expires_at_seconds,
      user: { ...same.user, properties: { deep: "DEEP" } },
    };
    browser.server.rewriteBody = (json) => json.replace('"DEEP"', deepJson);
    const c = client();
    const first = c.getAuthInfo();
    await vi.advanceTimersByTimeAsync(10);
    await expect(first).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    const second = c.refresh();
    await vi.advanceTimersByTimeAsync(10);
    await expect(second).resolves.toMatchObject({ user: { email: "ada@example.com" } });
  });
});

describe("destroy()", () => {
  it("a refresh queued behind a hanging one is never sent; both reject with AuthClientDestroyedError", async () => {
    const c = client({ timeoutMs: 60_000 });
    await c.getAuthInfo();
    browser.server.mode = "hang";
    const first = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(10);
    const second = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(10);
    const sent = browser.server.refreshCount;
    c.destroy();
    await vi.advanceTimersByTimeAsync(100);
    expect(await first).toBeInstanceOf(AuthClientDestroyedError);
    expect(await second).toBeInstanceOf(AuthClientDestroyedError);
    expect(browser.server.refreshCount).toBe(sent);
  });
});

describe("Retry-After", () => {
  it("a 429 with Retry-After: 2 is retried no sooner than 2 s (not at 100 ms), and the error carries retryAfterMs", async () => {
    browser.server.mode = "rate_limited";
    const c = client();
    const result = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await result;
    expect(error).toBeInstanceOf(RefreshError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 2_000 });
    const times = browser.server.requests.map((r) => r.at);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([2_000, 2_000, 2_000]);
  });

  it("a Retry-After longer than maxRetryAfterMs is not retried now, and the background check waits it out", async () => {
    browser.server.mode = "rate_limited";
    browser.server.retryAfter = "300";
    const c = client({ maxRetryAfterMs: 5_000 });
    const result = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toMatchObject({ status: 429, retryAfterMs: 300_000 });
    expect(browser.server.refreshCount).toBe(1);
    browser.server.mode = "logged_in";
    await vi.advanceTimersByTimeAsync(240_000); // four background ticks, all before the server's time
    expect(browser.server.refreshCount).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(c.getSnapshot().status).toBe("logged_in");
  });

  it("a wake-up during the retry waits is not sent right after the final 429: the server's wait holds it back", async () => {
    browser.server.mode = "rate_limited";
    const { client: c, tab } = world.openClient();
    const result = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(500); // between the retries, while the auth server is unreachable
    tab.wake("online");
    tab.wake("focus");
    await vi.advanceTimersByTimeAsync(6_000); // the fourth and last 429 arrives at 6 s
    expect(await result).toMatchObject({ status: 429, retryAfterMs: 2_000 });
    const lastRateLimited = browser.server.requests.at(-1)!.at;
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.server.refreshCount).toBe(4);
    browser.server.mode = "logged_in";
    tab.wake("online"); // still within the server's 2 s: not sent
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.server.refreshCount).toBe(4);
    await vi.advanceTimersByTimeAsync(2_000);
    tab.wake("online");
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.server.requests.slice(4).every((r) => r.at - lastRateLimited >= 2_000)).toBe(true);
    expect(c.getSnapshot().status).toBe("logged_in");
  });
});

describe("redirects", () => {
  it("a 302 on refresh_token is refused: RefreshError kind 'redirect', never the other origin's session", async () => {
    browser.server.mode = "redirect";
    const c = client({ retryDelaysMs: [] });
    expect(await settle(c.refresh())).toMatchObject({ name: "RefreshError", kind: "redirect", status: 302 });
    expect(c.getSnapshot().status).not.toBe("logged_in");
    expect(browser.server.requests.every((r) => r.url.origin === AUTH_URL)).toBe(true);
  });

  it("the session requests ask fetch not to follow redirects", async () => {
    const inits: (RequestInit | undefined)[] = [];
    const tab = browser.tab();
    const fetch = tab.env.fetch;
    const environment = {
      ...tab.env,
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        inits.push(init);
        return fetch(input, init);
      },
    };
    const c = world.destroyAfterTest(createAuthClient({ authUrl: AUTH_URL, environment }));
    await c.getAuthInfo();
    await c.logout();
    expect(inits.map((init) => init?.redirect)).toEqual(["manual", "manual"]);
  });
});

describe("an outage at start-up is not a logout", () => {
  for (const mode of ["network", "error500", "hang", "redirect"] as const) {
    it(`first refresh fails (${mode}): 'unreachable', observers told nothing; the server answering again recovers`, async () => {
      browser.server.mode = mode;
      const { client: c, tab } = world.openClient({ timeoutMs: 1_000 });
      const loggedIn: boolean[] = [];
      c.onLoggedInChange((value) => loggedIn.push(value));
      c.start();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(c.getSnapshot().status).toBe("unreachable");
      expect(loggedIn).toEqual([]);
      const asked = settle(c.getAuthInfo()); // tries again, and says why it cannot answer
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await asked).toBeInstanceOf(RefreshError);
      browser.server.mode = "logged_in";
      tab.wake("online"); // a wake-up retries at once while unreachable
      await vi.advanceTimersByTimeAsync(10);
      expect(c.getSnapshot().status).toBe("logged_in");
      expect(loggedIn).toEqual([true]);
    });
  }

  it("recovers on the background timer too, and a 401 after an outage is logged_out (observers told false)", async () => {
    browser.server.mode = "network";
    const c = client();
    const loggedIn: boolean[] = [];
    c.onLoggedInChange((value) => loggedIn.push(value));
    c.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(c.getSnapshot().status).toBe("unreachable");
    browser.server.mode = "logged_out";
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.getSnapshot().status).toBe("logged_out");
    expect(loggedIn).toEqual([false]);
  });
});

describe("errors keep the error that caused them", () => {
  it("a refresh refused because fetch is missing names it through its cause, and so does a logout", async () => {
    vi.stubGlobal("fetch", undefined);
    try {
      const tab = browser.tab();
      // the environment's own fetch (none, as under jsdom), the rest of the fake tab
      const c = client({ environment: { ...tab.env, fetch: createServerEnvironment().fetch }, retryDelaysMs: [] });
      const missingFetch = {
        name: "ExchangeFailure",
        cause: { name: "TypeError", message: "fetch is not available in this environment" },
      };
      expect(await settle(c.getAuthInfo())).toMatchObject({
        name: "RefreshError",
        kind: "network",
        status: 503,
        cause: missingFetch,
      });
      expect(await settle(c.logout())).toMatchObject({ name: "LogoutError", cause: missingFetch });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("an unreadable answer keeps the parser's error; an answer off the contract, the validator's", async () => {
    for (const [mode, cause] of [
      ["bad_json", SyntaxError],
      ["bad_schema", Error],
    ] as const) {
      browser.server.mode = mode;
      const error = await settle(client({ retryDelaysMs: [] }).refresh());
      expect(error).toMatchObject({ name: "RefreshError", kind: "parse" });
      expect((error as Error).cause).toBeInstanceOf(cause);
    }
  });

  it("the Next.js browser half's refresh and logout keep fetch's error when the app's auth routes are unreachable", async () => {
    const offline = new TypeError("Failed to fetch");
    vi.stubGlobal("fetch", () => Promise.reject(offline));
    try {
      const { client: c } = createServerSessionClient({ authUrl: AUTH_URL, user: null });
      expect(await settle(c.refresh())).toMatchObject({ name: "RefreshError", kind: "network", cause: offline });
      expect(await settle(c.logout())).toMatchObject({ name: "LogoutError", status: 0, cause: offline });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the Next.js browser half's refresh keeps the parser's error when the userinfo route answers what is not JSON", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("<!doctype html><p>Sign in</p>", { status: 200 })));
    try {
      const { client: c } = createServerSessionClient({ authUrl: AUTH_URL, user: null });
      const error = await settle(c.refresh());
      expect(error).toMatchObject({ name: "RefreshError", kind: "parse", status: 200 });
      expect((error as Error).cause).toBeInstanceOf(SyntaxError);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a timed-out refresh keeps the exchange's failure", async () => {
    const c = client({ retryDelaysMs: [], timeoutMs: 1_000 });
    await c.getAuthInfo();
    browser.server.mode = "hang";
    const refresh = settle(c.refresh());
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await refresh).toMatchObject({ kind: "timeout", cause: { name: "ExchangeFailure", kind: "timeout" } });
  });
});
