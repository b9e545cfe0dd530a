import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createAuthClient,
  getHostedPageUrls,
  createHostedPageUrls,
  decodeReturnTo,
  UnsafeNavigationError,
  type AuthClient,
} from "../../../src/session/index.js";
import { assertServerGivenTarget } from "../../../src/session/safe-navigation.js";
import { RequestValidationError } from "../../../src/transport/index.js";
import { AUTH_URL, FakeBrowser, useFakeTime } from "./fake-world.js";

/** Where the client may send the browser: returnTo on the app's origin, server-given targets https (loopback aside). */
describe("returnTo stays on the app's origin", () => {
  const urls = createHostedPageUrls(AUTH_URL, () => "https://app.example.com/page?x=1", [
    "https://admin.example.com/any/path",
  ]);
  const rtOf = (url: string) => decodeReturnTo(new URL(url).searchParams.get("rt")!);

  it.each([
    "//evil.example",
    "\\\\evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "http://app.example.com/",
    "https://app.example.com.evil.example/",
  ])("refuses %s (an open redirect) with UnsafeNavigationError", (returnTo) => {
    expect(() => urls.login({ returnTo })).toThrow(UnsafeNavigationError);
  });

  it("accepts same-origin paths and absolute URLs, and the allowed origins", () => {
    expect(rtOf(urls.login({ returnTo: "/after?y=2" }))).toBe("https://app.example.com/after?y=2");
    expect(rtOf(urls.account({ returnTo: "https://app.example.com/x" }))).toBe("https://app.example.com/x");
    expect(rtOf(urls.org("o1", { returnTo: "https://admin.example.com/back" }))).toBe("https://admin.example.com/back");
  });

  it("on a server (no current page) only allowedRedirectOrigins are accepted", () => {
    const server = createHostedPageUrls(AUTH_URL, () => null, ["https://app.example.com"]);
    expect(rtOf(server.login({ returnTo: "https://app.example.com/x" }))).toBe("https://app.example.com/x");
    expect(() => server.login({ returnTo: "https://evil.example/" })).toThrow(UnsafeNavigationError);
    expect(() => createHostedPageUrls(AUTH_URL).login({ returnTo: "https://app.example.com/x" })).toThrow(
      UnsafeNavigationError,
    );
  });
});

describe("targets the server hands us", () => {
  it("must be https, except on loopback hosts", () => {
    expect(assertServerGivenTarget("https://idp.example/sso", "SAML login_url")).toBe("https://idp.example/sso");
    for (const loopback of [
      "http://localhost:3000/",
      "http://127.0.0.1:8080/x",
      "http://[::1]/",
      "http://app.localhost/",
    ]) {
      expect(assertServerGivenTarget(loopback, "logout response's redirect_to")).toBe(new URL(loopback).href);
    }
    expect(() => assertServerGivenTarget("http://idp.example/sso", "SAML login_url")).toThrow(UnsafeNavigationError);
    expect(() => assertServerGivenTarget("javascript:alert(1)", "SAML login_url")).toThrow(UnsafeNavigationError);
  });
});

describe("lone surrogates on the session side", () => {
  let browser: FakeBrowser;
  let client: AuthClient;
  beforeEach(() => {
    useFakeTime();
    browser = new FakeBrowser();
    client = createAuthClient({ authUrl: AUTH_URL, environment: browser.tab().env });
  });
  afterEach(() => {
    client.destroy();
    vi.useRealTimers();
  });

  it("active_org_id and org-token ids → RequestValidationError, nothing sent or stored", async () => {
    await client.getAuthInfo();
    const sent = browser.server.requests.length;
    expect(() => client.setActiveOrgId("o\uD800")).toThrow(RequestValidationError);
    await expect(client.getAccessTokenForOrg("\uDFFFo")).rejects.toBeInstanceOf(RequestValidationError);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(browser.server.requests).toHaveLength(sent);
    expect(client.getActiveOrgId()).toBe("o1"); // still the library's own choice (the first membership), not the refused id
  });

  it("hosted-page ids, params and returnTo → RequestValidationError", () => {
    expect(() => getHostedPageUrls(client).org("o\uD800")).toThrow(RequestValidationError);
    expect(() => getHostedPageUrls(client).saml("\uDC00")).toThrow(RequestValidationError);
    expect(() => getHostedPageUrls(client).signup({ params: { ref: "a\uD800" } })).toThrow(RequestValidationError);
    expect(() => getHostedPageUrls(client).login({ returnTo: "https://auth.example.com/\uD800" })).toThrow(
      RequestValidationError,
    );
    expect(getHostedPageUrls(client).org("o\u{1F600}")).toBe(`${AUTH_URL}/org?id=o%F0%9F%98%80`);
  });
});
