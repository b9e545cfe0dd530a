import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  chooseSelectedOrFirstOrg,
  resolveActiveOrgId,
  type AuthClient,
  type AuthClientOptions,
} from "../../../src/session/index.js";
import { makeAuthInfo, makeOrgMembership } from "../../../src/testing/index.js";
import { type FakeBrowser, sessionWorld, type FakeTab } from "./fake-world.js";

const world = sessionWorld();
let browser: FakeBrowser;

function open(options: Partial<AuthClientOptions> = {}): { client: AuthClient; tab: FakeTab } {
  return world.openClient(options);
}

beforeEach(() => {
  browser = world.browser;
});

describe("refresh triggers", () => {
  it("initialRefresh: false sends nothing on start and stays loading until the session is asked for", async () => {
    const { client } = open({ initialRefresh: false });
    client.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.server.refreshCount).toBe(0);
    expect(client.getSnapshot().status).toBe("loading");
    expect(await client.getAccessToken()).toMatch(/^token-/);
    expect(browser.server.refreshCount).toBe(1);
    expect(client.getSnapshot().status).toBe("logged_in");
  });

  it("backgroundRefresh: false runs no interval check; a stale token is renewed when asked for", async () => {
    const { client } = open({ backgroundRefresh: false });
    await client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(1_500_000); // past the point where the background check would renew
    expect(browser.server.refreshCount).toBe(1);
    const before = (await client.getAuthInfo()) && browser.server.refreshCount;
    expect(before).toBe(2); // under 600 s left: renewed on demand
    const defaults = open();
    const loaded = defaults.client.getAuthInfo(); // takes the first tab's session: a tab message, 1 ms
    await vi.advanceTimersByTimeAsync(50);
    await loaded;
    const sent = browser.server.refreshCount;
    await vi.advanceTimersByTimeAsync(1_500_000);
    expect(browser.server.refreshCount).toBeGreaterThan(sent);
  });

  it("refreshOnFocus: false ignores focus and visibility but still re-checks on coming back online", async () => {
    const { client, tab } = open({ refreshOnFocus: false });
    await client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(200_000);
    const before = browser.server.refreshCount;
    tab.wake("focus");
    tab.wake("visible");
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.server.refreshCount).toBe(before);
    tab.wake("online");
    await vi.advanceTimersByTimeAsync(10);
    expect(browser.server.refreshCount).toBe(before + 1);
  });

  it("getAccessToken resolves null when logged out and renews a token near expiry first", async () => {
    browser.server.mode = "logged_out";
    const loggedOut = open();
    expect(await loggedOut.client.getAccessToken()).toBeNull();
    browser.server.mode = "logged_in";
    const { client } = open({ backgroundRefresh: false });
    const first = await client.getAccessToken();
    await vi.advanceTimersByTimeAsync(1_500_000);
    const second = await client.getAccessToken();
    expect(second).not.toBe(first);
  });
});

describe("active org choice", () => {
  const acme = makeOrgMembership({ orgId: "org_acme" });
  const globex = makeOrgMembership({ orgId: "org_globex" });
  const info = makeAuthInfo({ orgs: [acme, globex] });

  it("is the selection while the user is in it, else the first membership, else none", () => {
    expect(resolveActiveOrgId(info, "org_globex")).toBe("org_globex");
    expect(resolveActiveOrgId(info, "org_gone")).toBe("org_acme");
    expect(resolveActiveOrgId(info, null)).toBe("org_acme");
    expect(resolveActiveOrgId(makeAuthInfo({ orgs: [] }), "org_acme")).toBeNull();
    expect(chooseSelectedOrFirstOrg([], null)).toBeNull();
  });

  it("keeps the selection while there is no session to check it against", () => {
    expect(resolveActiveOrgId(null, "org_globex")).toBe("org_globex");
  });

  it("takes a chooser's answer only when it is one of the user's orgs", () => {
    expect(resolveActiveOrgId(info, null, (orgs) => orgs.at(-1)?.orgId ?? null)).toBe("org_globex");
    expect(resolveActiveOrgId(info, null, () => "org_other")).toBeNull();
    expect(resolveActiveOrgId(info, "org_acme", () => null)).toBeNull();
  });

  it("a persisted org the user has left neither logs them out nor stays selected (the fake server's user is in o1)", async () => {
    const { client } = open();
    client.setActiveOrgId("o_gone");
    expect(client.getActiveOrgId()).toBe("o_gone");
    await client.getAuthInfo();
    expect(client.getSnapshot().status).toBe("logged_in"); // the 401 for o_gone is followed by an unscoped refresh
    expect(browser.server.requests.map((r) => r.url.searchParams.get("active_org_id"))).toEqual(["o_gone", null]);
    expect(client.getActiveOrgId()).toBe("o1");
    expect(browser.storage.getItem("orgauth:active_org_id")).toBeNull();
  });
});
