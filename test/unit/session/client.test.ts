import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAuthClient,
  getAuthTransport,
  getHostedPageUrls,
  getRedirectFunctions,
  loginWithSaml,
  createServerEnvironment,
  DEFAULT_TIMING,
  LogoutError,
  UnsafeNavigationError,
  type AuthClient,
  type AuthEvent,
} from "../../../src/session/index.js";
import { getLoginState } from "../../../src/generated/operations.js";
import { AUTH_URL, type FakeBrowser, sessionWorld, type FakeTab } from "./fake-world.js";
import { requestOf } from "../../support/fetch-request.js";

const world = sessionWorld();
let browser: FakeBrowser;
let tab: FakeTab;
let c: AuthClient;
let events: AuthEvent[];

function makeClient(options: Record<string, unknown> = {}) {
  events = [];
  ({ client: c, tab } = world.openClient({ tab: { userAgent: "U".repeat(500) }, events, ...options }));
}

beforeEach(() => {
  browser = world.browser;
  makeClient();
});

describe("createAuthClient", () => {
  it("fails with 'Unable to initialize auth client' for an invalid authUrl and reduces a valid one to its origin", () => {
    expect(() => createAuthClient({ authUrl: "not a url" })).toThrow("Unable to initialize auth client");
    expect(createAuthClient({ authUrl: "https://auth.example.com/x/y?z" }).authUrl).toBe("https://auth.example.com");
  });

  it("passes transport options to its fe/v3 transport, which uses the environment's fetch", async () => {
    const seen: Request[] = [];
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      seen.push(requestOf(input, init));
      return Response.json({ login_state: "Finished", brand_new: 1 });
    });
    const client = createAuthClient({
      authUrl: AUTH_URL,
      environment: createServerEnvironment({ fetch }),
      transport: { headers: () => ({ Prefer: "example=Finished" }), validation: "report" },
    });
    expect(getAuthTransport(client).validation).toBe("report");
    await expect(getLoginState(getAuthTransport(client))).resolves.toEqual({ login_state: "Finished" });
    expect(seen[0]!.headers.get("Prefer")).toBe("example=Finished");
    expect(seen[0]!.url).toBe(`${AUTH_URL}/api/fe/v3/login_state`);
  });

  it("has the default timing and rejects invalid timing options", () => {
    expect(DEFAULT_TIMING).toMatchObject({
      backgroundCheckIntervalMs: 60_000,
      refreshWhenSecondsRemaining: 600,
      minWakeRefreshIntervalMs: 120_000,
      orgTokenCacheMs: 300_000,
      retryDelaysMs: [100, 200, 300],
    });
    expect(() => createAuthClient({ authUrl: AUTH_URL, retryDelaysMs: [-1] })).toThrow(RangeError);
    expect(() => createAuthClient({ authUrl: AUTH_URL, backgroundCheckIntervalMs: 0 })).toThrow(RangeError);
  });

  it("sends the first refresh when created in a browser, but registers nothing and keeps no timer before start", async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.requests.map((r) => r.url.pathname)).toEqual(["/api/v1/refresh_token"]);
    expect(tab.listenerCount()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(c.getSnapshot()).toEqual({ status: "loading" });
    c.start(); // adopts the refresh sent at creation: no second request
    await vi.advanceTimersByTimeAsync(0);
    expect(c.getSnapshot().status).toBe("logged_in");
    expect(browser.server.refreshCount).toBe(1);
  });

  it("initialRefresh: false sends nothing at creation", async () => {
    makeClient({ initialRefresh: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.server.refreshCount).toBe(1); // the first client's, none for this one
  });

  it("is safe on a server: no requests, no timers, urls work, navigation refused clearly", async () => {
    await vi.advanceTimersByTimeAsync(0); // the browser client made before each test has sent its first refresh
    const fetchSpy = vi.fn();
    const server = createAuthClient({
      authUrl: AUTH_URL,
      environment: createServerEnvironment({ fetch: fetchSpy }),
      allowedRedirectOrigins: ["https://app.example.com"],
    });
    server.start();
    server.subscribe(() => undefined);
    expect(await server.getAuthInfo()).toBeNull();
    expect(await server.refresh()).toBeNull();
    expect(await server.getAccessTokenForOrg("o1")).toEqual({ ok: false, error: "unexpected_error" });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(getHostedPageUrls(server).login({ returnTo: "https://app.example.com/" })).toContain("/login?rt=");
    expect(() => getRedirectFunctions(server).toLogin()).toThrow("only available in a browser");
    server.destroy();
  });
});

describe("observers", () => {
  it("logged-in, access-token and auth-info observers; same token with a role change still notifies", async () => {
    const loggedIn: boolean[] = [];
    const tokens: Array<string | null> = [];
    const infos: unknown[] = [];
    const offLoggedIn = c.onLoggedInChange((v) => loggedIn.push(v));
    c.onAccessTokenChange((v) => tokens.push(v));
    c.onAuthInfoChange((v) => infos.push(v));
    await c.getAuthInfo();
    const first = c.getSnapshot();
    expect(loggedIn).toEqual([true]);
    expect(tokens).toHaveLength(1);

    await c.refresh(); // same fake time → same token and same data: nothing changes
    expect(c.getSnapshot()).toBe(first);
    expect(infos).toHaveLength(1);

    const org = structuredClone(
      (await import("./fake-world.js")).refreshBody(Date.now(), 1800).org_id_to_org_member_info,
    );
    org.o1.user_role = "Member";
    browser.server.bodyOverrides = { org_id_to_org_member_info: org };
    await c.refresh();
    expect(tokens).toHaveLength(1); // the token string did not change...
    expect(infos).toHaveLength(2); // ...but the role change reached the subscriber
    expect(c.getSnapshot()).not.toBe(first);

    offLoggedIn();
    browser.server.mode = "logged_out";
    await c.refresh();
    expect(loggedIn).toEqual([true]);
    expect(tokens.at(-1)).toBeNull();
  });

  it("a throwing listener is reported, never thrown", async () => {
    c.subscribe(() => {
      throw new Error("boom");
    });
    await c.getAuthInfo();
    expect(events.some((e) => e.type === "listener_failed" && e.message === "boom")).toBe(true);
  });
});

describe("per-org access tokens", () => {
  it("cached 300 s per org, single-flight per org, cleared by a main refresh", async () => {
    await c.getAuthInfo();
    const base = browser.server.refreshCount;
    const five = await Promise.all(Array.from({ length: 5 }, () => c.getAccessTokenForOrg("o1")));
    expect(browser.server.refreshCount - base).toBe(1);
    expect(five[0]).toMatchObject({ ok: true });
    expect(browser.server.requests.at(-1)?.url.searchParams.get("active_org_id")).toBe("o1");
    await vi.advanceTimersByTimeAsync(299_000);
    await c.getAccessTokenForOrg("o1");
    expect(browser.server.refreshCount - base).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await c.getAccessTokenForOrg("o1");
    expect(browser.server.refreshCount - base).toBe(2);
    await c.refresh();
    await c.getAccessTokenForOrg("o1");
    expect(browser.server.refreshCount - base).toBe(4);
  });

  it("user_not_in_org when the refresh returns nothing, unexpected_error on other failures", async () => {
    await c.getAuthInfo();
    expect(await c.getAccessTokenForOrg("not-mine")).toEqual({ ok: false, error: "user_not_in_org" });
    browser.server.mode = "error500";
    const failed = c.getAccessTokenForOrg("o1");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await failed).toEqual({ ok: false, error: "unexpected_error" });
  });
});

describe("logout", () => {
  it("POSTs /api/v1/logout, tells observers false, records the time and navigates to redirect_to", async () => {
    await c.getAuthInfo();
    const seen: boolean[] = [];
    c.onLoggedInChange((v) => seen.push(v));
    await c.logout({ redirect: true });
    expect(browser.server.requests.at(-1)).toMatchObject({ method: "POST", credentials: "include" });
    expect(seen).toEqual([false]);
    expect(c.getSnapshot().status).toBe("logged_out");
    expect(Number(browser.storage.getItem("orgauth:logged_out_at"))).toBeGreaterThanOrEqual(Date.now());
    expect(tab.navigations).toEqual(["https://app.example.com/bye"]);
  });

  it("refuses a javascript: redirect_to (after logging out locally)", async () => {
    await c.getAuthInfo();
    browser.server.logoutRedirect = "javascript:alert(document.cookie)";
    await expect(c.logout({ redirect: true })).rejects.toBeInstanceOf(UnsafeNavigationError);
    expect(tab.navigations).toEqual([]);
    expect(c.getSnapshot().status).toBe("logged_out");
  });

  it("a session asked for before the logout and answered after it does not log the user back in", async () => {
    await c.getAuthInfo();
    browser.server.latencyMs = 500; // the org switch's refresh: answered (logged in) late
    c.setActiveOrgId("o1");
    await vi.advanceTimersByTimeAsync(1);
    browser.server.latencyMs = 0;
    await c.logout();
    expect(c.getSnapshot().status).toBe("logged_out");
    await vi.advanceTimersByTimeAsync(600);
    expect(browser.server.requests.map((request) => request.url.pathname)).toEqual([
      "/api/v1/refresh_token",
      "/api/v1/refresh_token",
      "/api/v1/logout",
    ]);
    expect(c.getSnapshot().status).toBe("logged_out");
  });

  it("a failed logout rejects with status and status text and keeps the session", async () => {
    await c.getAuthInfo();
    browser.server.logoutStatus = 502;
    const error = await c.logout().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LogoutError);
    expect(error).toMatchObject({ status: 502, statusText: "Bad Gateway" });
    expect(c.getSnapshot().status).toBe("logged_in");
  });
});

describe("SAML login", () => {
  it("looks up login_url via GET /login/check and navigates there; refuses non-http(s) targets", async () => {
    const fetchSpy = vi.fn(async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const target =
        url.searchParams.get("domain") === "evil.com" ? "data:text/html,hi" : "https://idp.example.com/sso";
      return Response.json({ login_url: target });
    });
    const samlTab = browser.tab();
    const saml = createAuthClient({ authUrl: AUTH_URL, environment: { ...samlTab.env, fetch: fetchSpy } });
    await loginWithSaml(saml, { domain: "acme.com" });
    const request = requestOf(...(fetchSpy.mock.calls[0] as [string | URL | Request, RequestInit?]));
    expect(request.url).toBe(`${AUTH_URL}/api/fe/v3/login/check?domain=acme.com`);
    expect(samlTab.navigations).toEqual(["https://idp.example.com/sso"]);
    await expect(loginWithSaml(saml, { domain: "evil.com" })).rejects.toThrow(/data: URL/);
    expect(samlTab.navigations).toHaveLength(1);
    saml.destroy();
  });
});

describe("events", () => {
  it("reports refreshes with reasons, retries and failures; caps the user agent at 350; never contains a token", async () => {
    await c.getAuthInfo();
    await c.getAccessTokenForOrg("o1");
    browser.server.mode = "error500";
    const forced = c.getAuthInfo({ forceRefresh: true });
    await vi.advanceTimersByTimeAsync(1_000);
    await forced;
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["refresh_started", "refresh_succeeded", "refresh_retry", "refresh_failed"]),
    );
    expect(events.find((e) => e.type === "refresh_started")).toMatchObject({ reason: "initial" });
    expect(events.find((e) => e.type === "refresh_failed")).toMatchObject({
      reason: "forced",
      status: 500,
      keptSession: true,
    });
    expect(events.every((e) => e.userAgent?.length === 350)).toBe(true);
    const serialized = JSON.stringify(events);
    expect(serialized).not.toMatch(/token-\d|org-o1/);
  });
});
