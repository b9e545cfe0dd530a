import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthClient, RefreshError, type AuthClient, type AuthEvent } from "../../../src/session/index.js";
import { AUTH_URL, type FakeBrowser, sessionWorld } from "./fake-world.js";

const world = sessionWorld();
let browser: FakeBrowser;

function client(options: { skewMs?: number; events?: AuthEvent[]; [key: string]: unknown } = {}): AuthClient {
  const { skewMs, ...rest } = options;
  return world.openClient({ authUrl: `${AUTH_URL}/some/path`, tab: skewMs === undefined ? {} : { skewMs }, ...rest })
    .client;
}

beforeEach(() => {
  browser = world.browser;
});

describe("refresh call", () => {
  it("sends GET /api/v1/refresh_token with credentials, JSON content type and no CSRF header", async () => {
    const c = client();
    const info = await c.getAuthInfo();
    expect(info?.user.email).toBe("ada@example.com");
    const [request] = browser.server.requests;
    expect(request?.url.href).toBe(`${AUTH_URL}/api/v1/refresh_token`);
    expect(request?.method).toBe("GET");
    expect(request?.credentials).toBe("include");
    expect(request?.headers.get("Content-Type")).toBe("application/json");
    expect(request?.headers.has("X-CSRF-Token")).toBe(false);
  });

  it("401 means logged out: null, not retried", async () => {
    browser.server.mode = "logged_out";
    const c = client();
    await expect(c.refresh()).resolves.toBeNull();
    expect(browser.server.refreshCount).toBe(1);
    expect(c.getSnapshot().status).toBe("logged_out");
  });

  it("retries 3 times at 100, 200 and 300 ms, then maps status 0 to 503 'Unable to process authentication response'", async () => {
    browser.server.mode = "network";
    const c = client();
    const result = c.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await result;
    expect(error).toBeInstanceOf(RefreshError);
    expect(error).toMatchObject({ status: 503, message: "Unable to process authentication response" });
    const times = browser.server.requests.map((r) => r.at);
    expect(times).toHaveLength(4);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([100, 200, 300]);
  });

  it("maps other non-OK statuses to status and status text", async () => {
    browser.server.mode = "error500";
    const c = client();
    const result = c.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ status: 500, message: "Internal Server Error", kind: "http" });
  });

  it("maps unparseable JSON and schema mismatches to 500 and reports the validation failure without values", async () => {
    for (const mode of ["bad_json", "bad_schema"] as const) {
      browser.server.mode = mode;
      const events: AuthEvent[] = [];
      const c = client({ events });
      const result = c.refresh().catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await result).toMatchObject({ status: 500, message: "Unable to process authentication response" });
      if (mode === "bad_schema") {
        const failure = events.find((e) => e.type === "validation_failed");
        expect(failure).toMatchObject({ operation: "refresh_token" });
        expect(JSON.stringify(failure)).not.toContain("42");
      }
    }
  });

  it("times out a hung request after timeoutMs", async () => {
    browser.server.mode = "hang";
    const c = client({ timeoutMs: 1_000, retryDelaysMs: [] });
    const result = c.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ status: 503, kind: "timeout" });
  });

  it("single-flight: 10 concurrent calls share 1 request", async () => {
    const c = client();
    const results = await Promise.all(Array.from({ length: 10 }, () => c.refresh()));
    expect(browser.server.refreshCount).toBe(1);
    expect(new Set(results.map((r) => r?.accessToken)).size).toBe(1);
  });

  it("a forced refresh while a request is already out waits for it and sends one more (the session as of the call)", async () => {
    const c = client();
    await c.getAuthInfo();
    browser.server.latencyMs = 20;
    const before = browser.server.refreshCount;
    const early = c.refresh(); // e.g. a background check, sent before the server's state changes
    await vi.advanceTimersByTimeAsync(5);
    browser.server.bodyOverrides = { access_token: "after-create-org" }; // e.g. create_org just succeeded
    const late = [c.refresh(), c.refresh()]; // the same tick: these two share one request
    await vi.advanceTimersByTimeAsync(100);
    expect((await early)?.accessToken).not.toBe("after-create-org");
    expect((await Promise.all(late)).map((info) => info?.accessToken)).toEqual([
      "after-create-org",
      "after-create-org",
    ]);
    expect(browser.server.refreshCount - before).toBe(2);
    expect(c.getSnapshot()).toMatchObject({ authInfo: { accessToken: "after-create-org" } });
  });

  it("sends active_org_id once an org is selected, and keeps it in localStorage", async () => {
    const c = client();
    c.setActiveOrgId("o1");
    await c.refresh();
    expect(browser.server.requests.at(-1)?.url.searchParams.get("active_org_id")).toBe("o1");
    expect(browser.storage.getItem("orgauth:active_org_id")).toBe("o1");
    expect(client().getActiveOrgId()).toBe("o1");
  });
});

describe("transient failures and 401", () => {
  it("a 5xx while the token is still valid keeps the user logged in; a 401 logs out", async () => {
    const c = client();
    await c.getAuthInfo();
    const token = (await c.getAuthInfo())?.accessToken;
    browser.server.mode = "error500";
    const forced = c.getAuthInfo({ forceRefresh: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await forced)?.accessToken).toBe(token);
    expect(c.getSnapshot().status).toBe("logged_in");
    browser.server.mode = "logged_out";
    await c.refresh();
    expect(c.getSnapshot().status).toBe("logged_out");
  });

  it("an expired token that cannot be renewed while the server is unreachable: 'unreachable', the timer keeps trying", async () => {
    browser.server.lifetimeSeconds = 120;
    const c = client({ refreshWhenSecondsRemaining: 60 });
    await c.getAuthInfo();
    const loggedIn: boolean[] = [];
    c.onLoggedInChange((value) => loggedIn.push(value));
    browser.server.mode = "network";
    await vi.advanceTimersByTimeAsync(180_000);
    expect(c.getSnapshot().status).toBe("unreachable");
    expect(loggedIn).toEqual([false]); // the token did disappear
    browser.server.mode = "logged_in";
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.getSnapshot().status).toBe("logged_in");
  });
});

describe("timers and wake-ups", () => {
  it("refreshes in the background when under 600 s remain (1800 s tokens: at 1260 s and 2520 s)", async () => {
    const c = client();
    await c.getAuthInfo();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(browser.server.requests.slice(1).map((r) => r.at - browser.server.requests[0]!.at)).toEqual([
      1_260_000, 2_520_000,
    ]);
    expect(c.getSnapshot().status).toBe("logged_in");
  });

  for (const skewMs of [3_600_000, -3_600_000]) {
    it(`a client clock ${skewMs > 0 ? "1 h ahead" : "1 h behind"} gives the normal refresh count`, async () => {
      const c = client({ skewMs });
      await c.getAuthInfo();
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(browser.server.refreshCount - 1).toBe(2); // same as an exact clock; no storm, no lapse
      expect(c.getSnapshot().status).toBe("logged_in");
    });
  }

  it("a logged-out tab makes no timer-driven requests over an hour, and has no timer", async () => {
    browser.server.mode = "logged_out";
    const c = client();
    await c.getAuthInfo();
    expect(browser.server.refreshCount).toBe(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(browser.server.refreshCount).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("focus and online re-check only when the last refresh is over 120 s old", async () => {
    const { client: c, tab } = world.openClient();
    await c.getAuthInfo();
    tab.wake("focus");
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.refreshCount).toBe(1);
    await vi.advanceTimersByTimeAsync(121_000);
    tab.wake("online");
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.refreshCount).toBe(2);
  });

  it("becoming visible wakes like focus, and a logged-out tab still re-checks on a wake-up", async () => {
    browser.server.mode = "logged_out";
    const { client: c, tab } = world.openClient();
    await c.getAuthInfo();
    expect(c.getSnapshot()).toEqual({ status: "logged_out" });
    tab.wake("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.refreshCount).toBe(1);
    browser.server.mode = "logged_in";
    await vi.advanceTimersByTimeAsync(121_000);
    expect(browser.server.refreshCount).toBe(1);
    tab.wake("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.refreshCount).toBe(2);
    expect(c.getSnapshot().status).toBe("logged_in");
  });

  it("destroy() removes every timer and listener, and aborts a pending retry wait", async () => {
    const tab = browser.tab();
    const c = createAuthClient({ authUrl: AUTH_URL, environment: tab.env });
    await c.getAuthInfo();
    browser.server.mode = "network";
    const pending = c.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    c.destroy();
    expect(await pending).toMatchObject({ name: "AuthClientDestroyedError" });
    expect(vi.getTimerCount()).toBe(0);
    expect(tab.listenerCount()).toBe(0);
    await expect(c.refresh()).rejects.toThrow("destroyed");
  });
});
