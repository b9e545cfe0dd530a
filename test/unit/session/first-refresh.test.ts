import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthClient, type AuthClientOptions, type AuthEvent } from "../../../src/session/index.js";
import { AUTH_URL, type FakeBrowser, sessionWorld } from "./fake-world.js";

const world = sessionWorld();
let browser: FakeBrowser;

const open = (options: Partial<AuthClientOptions> = {}) => world.openClient(options);
const refreshOrgs = () => browser.server.requests.map((r) => r.url.searchParams.get("active_org_id"));

/** Opens a tab whose client is started at once (as a page's provider does) and lets `ms` of fake time pass. */
async function openStarted(ms: number, options: Partial<AuthClientOptions> = {}) {
  const opened = open(options);
  opened.client.start();
  await vi.advanceTimersByTimeAsync(ms);
  return opened;
}

beforeEach(() => {
  browser = world.browser;
  browser.server.latencyMs = 20;
});

describe("a new tab and its sibling tabs", () => {
  it("a tab opened while a sibling holds a fresh session takes it from the sibling: no request", async () => {
    const first = await openStarted(100);
    const before = browser.server.refreshCount;
    const events: AuthEvent[] = [];
    const second = await openStarted(100, { onEvent: (event) => events.push(event) });
    expect(browser.server.refreshCount - before).toBe(0);
    expect(second.client.getSnapshot()).toMatchObject({
      status: "logged_in",
      authInfo: {
        accessToken: (first.client.getSnapshot() as { authInfo: { accessToken: string } }).authInfo.accessToken,
      },
    });
    expect(events.some((event) => event.type === "adopted_from_other_tab")).toBe(true);
    expect(JSON.stringify([...browser.storage.map])).not.toContain("token-");
  });

  it("a sibling's token near its expiry is not handed over: the new tab refreshes itself", async () => {
    browser.server.lifetimeSeconds = 1_000; // 1000 s tokens: under 600 s left after 400 s
    await openStarted(100, { backgroundRefresh: false });
    await vi.advanceTimersByTimeAsync(450_000);
    const before = browser.server.refreshCount;
    const second = await openStarted(100);
    expect(browser.server.refreshCount - before).toBe(1);
    expect(second.client.getSnapshot().status).toBe("logged_in");
  });

  it("an expired sibling token is never adopted", async () => {
    browser.server.lifetimeSeconds = 60;
    await openStarted(100, { backgroundRefresh: false, refreshWhenSecondsRemaining: 0 });
    await vi.advanceTimersByTimeAsync(120_000); // the first tab's token has expired
    const before = browser.server.refreshCount;
    const second = await openStarted(100, { refreshWhenSecondsRemaining: 0 });
    expect(browser.server.refreshCount - before).toBe(1);
    const token = (second.client.getSnapshot() as { authInfo: { expiresAtSeconds: number } }).authInfo;
    expect(token.expiresAtSeconds * 1000).toBeGreaterThan(Date.now());
  });

  it("a sibling that does not answer costs siblingAnswerMs, then the tab refreshes alone", async () => {
    const first = await openStarted(100);
    first.client.destroy(); // its presence entry stays, nobody answers for it
    const before = browser.server.refreshCount;
    const second = open({ siblingAnswerMs: 40 });
    second.client.start();
    await vi.advanceTimersByTimeAsync(39);
    expect(browser.server.refreshCount - before).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.server.refreshCount - before).toBe(1);
    expect(second.client.getSnapshot().status).toBe("logged_in");
  });

  it("a sibling gone mid-refresh (a page reloaded while its refresh was out) costs ten times siblingAnswerMs, not crossTabWaitMs", async () => {
    // what a page that died while refreshing leaves behind: its entry, until its wait would have run out
    const entry = { "gone-tab": ["refreshing", Date.now() + 10_000] };
    browser.storage.setItem(`orgauth:tabs:${new URL(AUTH_URL).origin}`, JSON.stringify(entry));
    const tab = open({ siblingAnswerMs: 40 });
    tab.client.start();
    await vi.advanceTimersByTimeAsync(399);
    expect(browser.server.refreshCount).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.server.refreshCount).toBe(1);
    expect(tab.client.getSnapshot().status).toBe("logged_in");
  });

  it("results are kept per org: a sibling holding another org's session does not answer", async () => {
    await openStarted(100);
    browser.storage.setItem("orgauth:active_org_id", "o1");
    const before = browser.server.refreshCount;
    const second = await openStarted(200);
    expect(refreshOrgs().slice(before)).toEqual(["o1"]);
    expect(second.client.getSnapshot()).toMatchObject({ status: "logged_in", activeOrgId: "o1" });
  });

  it("a tab opened while a sibling's first refresh is out takes its answer, logged out too, at once", async () => {
    browser.server.mode = "logged_out";
    await openStarted(5); // its request is out
    const second = await openStarted(50);
    expect(browser.server.refreshCount).toBe(1);
    expect(second.client.getSnapshot().status).toBe("logged_out");
  });

  it("a sibling that switched org never answers with the previous org's session", async () => {
    browser.storage.setItem("orgauth:active_org_id", "o1");
    const first = await openStarted(100, { retryDelaysMs: [] });
    expect(first.client.getSnapshot()).toMatchObject({ authInfo: { accessToken: expect.stringMatching(/^org-o1-/) } });
    browser.server.mode = "error500"; // the switch's refresh fails: the tab still holds o1's session
    first.client.setActiveOrgId(null);
    await vi.advanceTimersByTimeAsync(100);
    browser.server.mode = "logged_in";
    const second = await openStarted(100);
    const token = (second.client.getSnapshot() as { authInfo: { accessToken: string } }).authInfo.accessToken;
    expect(token).not.toMatch(/^org-o1-/);
  });

  it("5 tabs opened one after another send one refresh between them", async () => {
    for (let i = 0; i < 5; i++) await openStarted(6_000);
    expect(browser.server.refreshCount).toBe(1);
  });
});

describe("the first refresh of a page", () => {
  it("two clients created in one page (a StrictMode double render) send one request; destroying one does not abort it", async () => {
    const tab = browser.tab();
    const spare = world.destroyAfterTest(createAuthClient({ authUrl: AUTH_URL, environment: tab.env }));
    const kept = world.destroyAfterTest(createAuthClient({ authUrl: AUTH_URL, environment: tab.env }));
    await vi.advanceTimersByTimeAsync(5); // both have joined the request, which is out
    kept.start();
    spare.destroy();
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.server.refreshCount).toBe(1);
    expect(kept.getSnapshot().status).toBe("logged_in");
  });

  it("is aborted when every client that joined it is destroyed", async () => {
    browser.server.mode = "hang";
    browser.server.latencyMs = 0;
    const tab = browser.tab();
    const client = createAuthClient({ authUrl: AUTH_URL, environment: tab.env });
    await vi.advanceTimersByTimeAsync(5);
    expect(browser.server.refreshCount).toBe(1);
    client.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0); // the request's deadline went with it
  });
});

describe("a logged-out visitor with a remembered org", () => {
  it("sends one refresh at start and one per wake-up", async () => {
    browser.server.mode = "logged_out";
    browser.storage.setItem("orgauth:logged_in_at", "1000");
    browser.storage.setItem("orgauth:logged_out_at", "2000");
    browser.storage.setItem("orgauth:active_org_id", "o1");
    const { client, tab } = await openStarted(100);
    expect(client.getSnapshot().status).toBe("logged_out");
    expect(refreshOrgs()).toEqual([null]);
    await vi.advanceTimersByTimeAsync(200_000);
    tab.wake("focus");
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshOrgs()).toEqual([null, null]);
    browser.server.mode = "logged_in"; // logs in elsewhere: the org's token is asked for
    await vi.advanceTimersByTimeAsync(200_000);
    tab.wake("online");
    await vi.advanceTimersByTimeAsync(100);
    expect(refreshOrgs()).toEqual([null, null, null, "o1"]);
    expect(client.getSnapshot()).toMatchObject({ status: "logged_in", activeOrgId: "o1" });
  });

  it("whose session ended unseen asks twice once, records it, and asks once on the next page load", async () => {
    browser.server.mode = "logged_out";
    browser.storage.setItem("orgauth:logged_in_at", "1000");
    browser.storage.setItem("orgauth:active_org_id", "o1");
    const first = await openStarted(100);
    expect(refreshOrgs()).toEqual(["o1", null]);
    first.client.destroy();
    await openStarted(100);
    expect(refreshOrgs()).toEqual(["o1", null, null]);
  });
});
