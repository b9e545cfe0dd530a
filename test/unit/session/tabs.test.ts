import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TabChannel } from "../../../src/session/environment.js";
import { createAuthClient, tabSync, type AuthClient, type AuthEvent } from "../../../src/session/index.js";
import { AUTH_URL, type FakeBrowser, sessionWorld } from "./fake-world.js";

const world = sessionWorld();
let browser: FakeBrowser;

function open(
  count: number,
  tabOptions: Parameters<FakeBrowser["tab"]>[0] = {},
  events?: AuthEvent[],
  timeoutMs?: number,
) {
  return Array.from({ length: count }, () =>
    world.openClient({
      tab: tabOptions,
      ...(timeoutMs ? { timeoutMs } : {}),
      ...(events ? { events } : {}),
    }),
  );
}

/** Awaits a promise while fake time runs (requests take 20 ms, messages 1 ms). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  await vi.advanceTimersByTimeAsync(200);
  return promise;
}

/** The refresh requests' times after `from`, in seconds. */
function refreshTimesAfter(from: number): number[] {
  return browser.server.requests
    .filter((r) => r.url.pathname.endsWith("refresh_token") && r.at > from)
    .map((r) => r.at / 1000);
}

async function startSequentially(tabs: Array<{ client: AuthClient }>) {
  for (const { client } of tabs) {
    client.start();
    await vi.advanceTimersByTimeAsync(7_000); // tabs opened a few seconds apart: their ticks are offset
  }
}

beforeEach(() => {
  browser = world.browser;
  browser.server.latencyMs = 20; // a real round trip: tabs' messages arrive while a request is out
});

describe("cross-tab single-flight", () => {
  for (const variant of [
    { name: "BroadcastChannel + Web Locks", options: {} },
    { name: "BroadcastChannel without Web Locks (fallback)", options: { withLocks: false } },
  ]) {
    it(`${variant.name}: 5 tabs hit the refresh endpoint once per cycle, the others adopt`, async () => {
      const events: AuthEvent[] = [];
      const tabs = open(5, variant.options, events);
      await startSequentially(tabs);
      const afterStart = Date.now();
      await vi.advanceTimersByTimeAsync(3_600_000); // 1800 s tokens: a refresh cycle every ~1200 s
      const times = refreshTimesAfter(afterStart);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times.length).toBeLessThanOrEqual(3);
      // exactly one request per cycle: consecutive requests are a whole cycle apart
      expect(times.slice(1).every((t, i) => t - times[i]! > 1_000)).toBe(true);
      const tokens = new Set(
        tabs.map(({ client }) => (client.getSnapshot() as { authInfo: { accessToken: string } }).authInfo.accessToken),
      );
      expect(tokens.size).toBe(1);
      expect(events.filter((e) => e.type === "adopted_from_other_tab").length).toBeGreaterThanOrEqual(8);
    });
  }

  it("without any channel every tab refreshes for itself (vendor behaviour, the baseline)", async () => {
    const tabs = open(5, { withChannel: false });
    await startSequentially(tabs);
    const afterStart = Date.now();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refreshTimesAfter(afterStart).length).toBeGreaterThanOrEqual(10); // ≥ 2 cycles × 5 tabs
  });

  it("10 simultaneous refreshes across 5 tabs send 1 request", async () => {
    const tabs = open(5);
    await startSequentially(tabs);
    const before = browser.server.refreshCount;
    const all = Promise.all(tabs.flatMap(({ client }) => [client.refresh(), client.refresh()]));
    await vi.advanceTimersByTimeAsync(100);
    const results = await all;
    expect(browser.server.refreshCount - before).toBe(1);
    expect(new Set(results.map((r) => r?.accessToken)).size).toBe(1);
  });

  it("a tab whose token expires just after another tab's refresh, before its message arrives, adopts that result", async () => {
    browser.server.lifetimeSeconds = 500; // under the 600 s threshold: every check finds the token expiring
    browser.messageLatencyMs = 5;
    const events: AuthEvent[] = [];
    const [a, b] = open(2, {}, events);
    await startSequentially([a!, b!]);
    const before = browser.server.refreshCount;
    const from = Date.now();
    const first = a!.client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(22); // a's request is answered; its result is still on its way to b
    const second = b!.client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(15_000); // longer than the 10 s cross-tab wait, shorter than a background check
    const [fromA, fromB] = await Promise.all([first, second]);
    expect(browser.server.refreshCount - before).toBe(1);
    expect(fromB?.accessToken).toBe(fromA?.accessToken);
    const fetchedBy = events.filter((e) => e.at >= from && e.type === "refresh_succeeded");
    expect(fetchedBy.length).toBe(1);
  });

  it("a forced refresh does not adopt another tab's result whose request went out before the call", async () => {
    const [a, b] = open(2);
    await startSequentially([a!, b!]);
    const before = browser.server.refreshCount;
    const early = a!.client.refresh();
    await vi.advanceTimersByTimeAsync(5); // a's request is out (20 ms round trip)
    browser.server.bodyOverrides = { access_token: "after-change" };
    const late = b!.client.refresh();
    await vi.advanceTimersByTimeAsync(200);
    expect((await early)?.accessToken).not.toBe("after-change");
    expect((await late)?.accessToken).toBe("after-change");
    expect(browser.server.refreshCount - before).toBe(2);
    expect(a!.client.getSnapshot()).toMatchObject({ authInfo: { accessToken: "after-change" } }); // adopted from b
  });

  it("a first refresh takes no lock; a tab opened while it is out waits for its result and adopts it", async () => {
    const lockRequests: string[] = [];
    const request = browser.locks.request.bind(browser.locks);
    browser.locks.request = (name, options, task) => {
      lockRequests.push(name);
      return request(name, options, task);
    };
    const [a] = open(1);
    a!.client.start();
    await vi.advanceTimersByTimeAsync(5); // a's request is out
    const [b] = open(1);
    b!.client.start();
    await settle(Promise.resolve());
    expect(lockRequests).toEqual([]);
    expect(browser.server.refreshCount).toBe(1);
    expect(b!.client.getSnapshot()).toMatchObject({ status: "logged_in" });
  });

  it("a page's first answer is rendered before it is told to the other tabs (channel, presence map), and the page's channel closes after that", async () => {
    const log: string[] = [];
    const tab = browser.tab();
    let opened = 0;
    // the tab's channels, each numbered, logging what it sends and its closing
    const openChannel = (name: string): TabChannel | null => {
      const channel = tab.env.openChannel(name);
      const number = ++opened;
      return (
        channel && {
          ...channel,
          post: (message) => {
            log.push(`${number}: ${(message as { type: string }).type}`);
            channel.post(message);
          },
          close: () => {
            log.push(`${number}: closed`);
            channel.close();
          },
        }
      );
    };
    // and its presence map writes (what this tab tells new tabs it is doing)
    const storage = tab.env.storage!;
    const setItem = (key: string, value: string) => {
      if (key.startsWith("orgauth:tabs:"))
        log.push(`presence: ${Object.values(JSON.parse(value) as [string][])[0]?.[0]}`);
      storage.setItem(key, value);
    };
    const environment = { ...tab.env, openChannel, storage: { ...storage, setItem } };
    const client = world.destroyAfterTest(createAuthClient({ authUrl: AUTH_URL, environment, tabs: tabSync }));
    await Promise.resolve(); // the page's first refresh leaves (as <AuthProvider>'s does before it subscribes)
    // rendered as React renders a store's change: in a microtask queued when the store tells it
    client.subscribe(() => queueMicrotask(() => log.push(client.getSnapshot().status)));
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toEqual([
      ...["presence: refreshing", "1: started", "presence: refreshing"], // before the request leaves
      "logged_in", // then the tab renders its answer, before it tells the other tabs or closes the page's channel
      ...["1: result", "presence: holding", "1: closed", "presence: holding"],
    ]);
    const [other] = open(1); // and the other tabs have it: a tab opened now takes it without a request
    other!.client.start();
    await settle(Promise.resolve());
    expect(other!.client.getSnapshot().status).toBe("logged_in");
    expect(browser.server.refreshCount).toBe(1);
  });

  it("a tab whose lock holder hangs refreshes alone after crossTabWaitMs (no orphaned wait)", async () => {
    const [a, b] = open(2, {}, undefined, 30_000); // the holder's request outlasts the 10 s wait
    await startSequentially([a!, b!]);
    browser.server.mode = "hang";
    const hung = a!.client.refresh().catch(() => "failed");
    await vi.advanceTimersByTimeAsync(30); // the server has received it and hangs
    browser.server.mode = "logged_in";
    const before = browser.server.refreshCount;
    const second = b!.client.refresh();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(browser.server.refreshCount - before).toBe(0); // still waiting for the lock holder
    await vi.advanceTimersByTimeAsync(1_100);
    expect((await second)?.accessToken).toBeTruthy();
    expect(browser.server.refreshCount - before).toBe(1);
    browser.server.mode = "network";
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await hung).toBe("failed"); // the holder times out; its lock is released with it
  });

  it("a tab destroyed while it waits for another tab's lock gives up at once: no request, no timer left behind", async () => {
    const [a, b] = open(2, {}, undefined, 30_000);
    await startSequentially([a!, b!]);
    browser.server.mode = "hang";
    const hung = a!.client.refresh().catch(() => "failed");
    await vi.advanceTimersByTimeAsync(30);
    const before = browser.server.refreshCount;
    const waiting = b!.client.refresh().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    b!.client.destroy();
    expect(await waiting).toMatchObject({ name: "AuthClientDestroyedError" });
    a!.client.destroy();
    expect(await hung).toBe("failed");
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(browser.server.refreshCount).toBe(before);
  });
});

describe("login and logout across tabs", () => {
  it("logout in one tab logs the others out without a request of their own", async () => {
    const tabs = open(3);
    await startSequentially(tabs);
    const seen: boolean[] = [];
    tabs[1]!.client.onLoggedInChange((loggedIn) => seen.push(loggedIn));
    const before = browser.server.refreshCount;
    await settle(tabs[0]!.client.logout());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tabs.map(({ client }) => client.getSnapshot().status)).toEqual(["logged_out", "logged_out", "logged_out"]);
    expect(browser.server.refreshCount).toBe(before);
    expect(seen).toEqual([false]);
    expect(browser.storage.getItem("orgauth:logged_out_at")).not.toBeNull();
  });

  it("login in one tab logs the others in: 1 request in total", async () => {
    browser.server.mode = "logged_out";
    const tabs = open(3);
    await startSequentially(tabs);
    const before = browser.server.refreshCount;
    browser.server.mode = "logged_in";
    await settle(tabs[0]!.client.refresh());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(tabs.map(({ client }) => client.getSnapshot().status)).toEqual(["logged_in", "logged_in", "logged_in"]);
    expect(browser.server.refreshCount - before).toBe(1);
    expect(browser.storage.getItem("orgauth:logged_in_at")).not.toBeNull();
  });

  it("without a channel, a storage change from another tab makes this tab re-fetch", async () => {
    browser.server.mode = "logged_out";
    const tabs = open(2, { withChannel: false });
    await startSequentially(tabs);
    browser.server.mode = "logged_in";
    await settle(tabs[0]!.client.refresh());
    const before = browser.server.refreshCount;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.server.refreshCount - before).toBe(1);
    expect(tabs[1]!.client.getSnapshot().status).toBe("logged_in");
  });

  it("without coordination, a tab that opens with a restored session sends no request from the tabs already open", async () => {
    const tabs: Array<{ client: AuthClient }> = [];
    for (let tab = 0; tab < 4; tab++) {
      tabs.push(world.openClient({ tabs: null })); // its first refresh records a login: news only to a tab without a session
      await startSequentially(tabs.slice(-1));
    }
    expect(tabs.map(({ client }) => client.getSnapshot().status)).toEqual(Array(4).fill("logged_in"));
    expect(browser.server.refreshCount).toBe(4); // one per tab, none from a storage change
  });

  it("without coordination, another tab's logout makes a logged-in tab re-fetch, and a login a logged-out one", async () => {
    const first = world.openClient({ tabs: null });
    await startSequentially([first]);
    const second = world.openClient({ tabs: null });
    await startSequentially([second]);
    let before = browser.server.refreshCount;
    await settle(first.client.logout());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.server.refreshCount - before).toBe(1); // the logged-in tab asks; the server says 401
    expect(second.client.getSnapshot().status).toBe("logged_out");
    browser.server.mode = "logged_in"; // signed in again at the hosted login
    before = browser.server.refreshCount;
    await settle(first.client.refresh());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.server.refreshCount - before).toBe(2); // the refresh, and the logged-out tab's re-fetch
    expect(second.client.getSnapshot().status).toBe("logged_in");
  });

  it("never writes the access token to localStorage", async () => {
    const tabs = open(2);
    await startSequentially(tabs);
    await settle(tabs[0]!.client.refresh());
    tabs[0]!.client.setActiveOrgId("o1");
    await settle(tabs[0]!.client.logout());
    const token = browser.server.requests.length > 0 ? "token-" : "";
    expect([...browser.storage.map.values()].some((value) => value.includes(token))).toBe(false);
    // besides these, only the times of each key's last refresh (refresh-record.ts), checked token-free above
    const keys = [...browser.storage.map.keys()].filter((key) => !key.startsWith("orgauth:refresh:"));
    expect(keys.sort()).toEqual(["orgauth:active_org_id", "orgauth:logged_in_at", "orgauth:logged_out_at"]);
  });
});
