import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAuthClient,
  createServerEnvironment,
  getAuthTransport,
  getHostedPageUrls,
  getRedirectFunctions,
  loginWithSaml,
  type AuthClient,
} from "../../../src/session/index.js";
import { createStaticAuthClient } from "../../../src/testing/index.js";
import { AUTH_URL, type FakeBrowser, sessionWorld } from "./fake-world.js";

const world = sessionWorld();
let browser: FakeBrowser;

beforeEach(() => {
  browser = world.browser;
  browser.server.latencyMs = 20;
});

describe("functions that act for a client (hosted pages, fe transport, SAML login)", () => {
  it("give the same object on every call, one per client", () => {
    const one = world.openClient().client;
    const two = world.openClient().client;
    expect(getAuthTransport(one)).toBe(getAuthTransport(one));
    expect(getHostedPageUrls(one)).toBe(getHostedPageUrls(one));
    expect(getRedirectFunctions(one)).toBe(getRedirectFunctions(one));
    expect(getAuthTransport(one)).not.toBe(getAuthTransport(two));
    expect(getAuthTransport(one).authUrl).toBe(AUTH_URL);
  });

  it("refuse an object no orgauth factory made, with a TypeError that says so", async () => {
    const impostor = { authUrl: AUTH_URL } as unknown as AuthClient;
    expect(() => getAuthTransport(impostor)).toThrow(TypeError);
    expect(() => getHostedPageUrls(impostor)).toThrow("Not an orgauth client");
    expect(() => getRedirectFunctions(impostor)).toThrow(TypeError);
    await expect(loginWithSaml(impostor, { domain: "acme.com" })).rejects.toThrow(TypeError);
  });

  it("the transport is built from the client's options, and building it sends nothing", async () => {
    const fetch = vi.fn(async () => Response.json({ login_state: "Finished" }));
    const client = createAuthClient({
      authUrl: `${AUTH_URL}/some/path`,
      environment: createServerEnvironment({ fetch }),
      transport: { validation: "off" },
    });
    const transport = getAuthTransport(client);
    expect(transport.validation).toBe("off");
    expect(transport.authUrl).toBe(AUTH_URL);
    expect(fetch).not.toHaveBeenCalled(); // building it sends nothing
    client.destroy();
  });

  it("an invalid allowedRedirectOrigins fails the client's creation, not its first redirect", () => {
    expect(() =>
      createAuthClient({
        authUrl: AUTH_URL,
        environment: createServerEnvironment(),
        allowedRedirectOrigins: ["not a url"],
      }),
    ).toThrow(TypeError);
  });

  it("a testing client's functions use the transport it was given and record navigations", async () => {
    const call = vi.fn(async () => ({ login_url: "https://idp.example.com/sso" }));
    const transport = { authUrl: "https://auth.example.test", validation: "throw" as const, call };
    const client = createStaticAuthClient({ authInfo: null, transport: transport as never });
    expect(getAuthTransport(client)).toBe(transport);
    getRedirectFunctions(client).toAccount();
    await loginWithSaml(client, { orgId: "org_1" });
    expect(client.navigations).toEqual(["https://auth.example.test/account", "https://idp.example.com/sso"]);
  });
});

describe("cross-tab coordination is passed in", () => {
  it("without `tabs` each tab sends its own refresh and leaves no presence entry for other tabs", async () => {
    const solo = world.openClient({ tabs: null });
    solo.client.start();
    await vi.advanceTimersByTimeAsync(100);
    const afterFirst = browser.server.refreshCount;
    const soloSecond = world.openClient({ tabs: null });
    soloSecond.client.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.server.refreshCount - afterFirst).toBe(1);
    expect(soloSecond.client.getSnapshot().status).toBe("logged_in");
    expect(browser.storage.getItem(`orgauth:tabs:${AUTH_URL}`)).toBeNull(); // no presence entry either
  });

  it("with tabs: tabSync a second tab takes the first one's fresh session: no request", async () => {
    const coordinated = world.openClient(); // the session world passes tabs: tabSync
    coordinated.client.start();
    await vi.advanceTimersByTimeAsync(100);
    const beforeThird = browser.server.refreshCount;
    const adopting = world.openClient();
    adopting.client.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(browser.server.refreshCount - beforeThird).toBe(0);
    expect(adopting.client.getSnapshot().status).toBe("logged_in");
  });

  it("without `tabs`, a logout in one tab still reaches the other (through storage)", async () => {
    const one = world.openClient({ tabs: null });
    const two = world.openClient({ tabs: null });
    one.client.start();
    two.client.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(two.client.getSnapshot().status).toBe("logged_in");
    const loggingOut = one.client.logout();
    await vi.advanceTimersByTimeAsync(1_000);
    await loggingOut;
    expect(two.client.getSnapshot().status).toBe("logged_out");
  });
});
