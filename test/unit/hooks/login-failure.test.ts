/** The login-failed diagnosis names the likely cause from the two origins; the trip counter stops at the limit. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { diagnoseLoginFailure } from "../../../src/hooks/login-failure.js";
import {
  clearLoginRedirects,
  loginRedirectsExhausted,
  MAX_LOGIN_REDIRECTS,
  recordLoginRedirect,
} from "../../../src/hooks/login-return.js";
import { warnOnLoopbackMismatch } from "../../../src/session/loopback-origin.js";

describe("diagnoseLoginFailure", () => {
  it.each([
    [
      "http://127.0.0.1:4020",
      "http://localhost:5173/app",
      "host_name_mismatch",
      "set the auth URL to http://localhost:4020",
    ],
    ["http://localhost:4020", "http://127.0.0.1:3000/", "host_name_mismatch", "open the app at http://localhost:3000"],
    ["https://auth.vendor.example", "https://app.mine.example/", "third_party_cookies", "auth.mine.example"],
    ["https://auth.mine.example", "http://app.mine.example/", "third_party_cookies", "another site"],
    ["https://auth.mine.example", "https://app.mine.example/", "session_not_readable", "auth URL is the one"],
  ])("auth %s, page %s → %s", (authUrl, page, cause, hint) => {
    const failure = diagnoseLoginFailure(authUrl, page);
    expect(failure.cause).toBe(cause);
    expect(failure.message).toContain(hint);
  });
});

describe("the trips to the hosted login page (sessionStorage)", () => {
  const store = new Map<string, string>();
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  afterEach(() => {
    store.clear();
    openPage("http://127.0.0.1:5173/");
  });

  /** Puts the page (what `location` says) at `href`, as the browser does on a navigation. */
  const openPage = (href: string) => vi.stubGlobal("location", new URL(href));
  const exhaustedAt = (href: string) => {
    openPage(href);
    return loginRedirectsExhausted();
  };
  const page = "http://127.0.0.1:5173/org?tab=members";

  it("is exhausted after the maximum number of recent trips back to the same page, and cleared by a readable session", () => {
    openPage(page);
    for (let trip = 0; trip < MAX_LOGIN_REDIRECTS; trip++) {
      expect(loginRedirectsExhausted()).toBe(false);
      recordLoginRedirect(page);
    }
    expect(loginRedirectsExhausted()).toBe(true);
    expect(exhaustedAt("http://127.0.0.1:5173/org?tab=invites#top")).toBe(true); // same page, other query
    clearLoginRedirects();
    expect(loginRedirectsExhausted()).toBe(false);
  });

  it("a trip that returns to another page starts the count again: opening pages one after another is no round trip", () => {
    for (const path of ["/", "/org", "/api_keys"]) {
      openPage(`http://127.0.0.1:5173${path}`);
      recordLoginRedirect(location.href);
    }
    for (const path of ["/", "/org", "/api_keys"]) expect(exhaustedAt(`http://127.0.0.1:5173${path}`)).toBe(false);
  });

  it("counts only on the page the trips return to (a relative returnTo resolves against the page)", () => {
    openPage("http://127.0.0.1:5173/settings");
    for (let trip = 0; trip < MAX_LOGIN_REDIRECTS; trip++) recordLoginRedirect("/home?from=settings");
    expect(loginRedirectsExhausted()).toBe(false);
    expect(exhaustedAt("http://127.0.0.1:5173/home")).toBe(true);
  });

  it("forgets trips older than ten minutes", () => {
    openPage(page);
    const start = Date.now();
    for (let trip = 0; trip < MAX_LOGIN_REDIRECTS; trip++) recordLoginRedirect(page, start);
    expect(loginRedirectsExhausted(start + 11 * 60_000)).toBe(false);
    expect(loginRedirectsExhausted(start + 60_000)).toBe(true);
  });

  it("without a page (a server), nothing is exhausted", () => {
    openPage(page);
    for (let trip = 0; trip < MAX_LOGIN_REDIRECTS; trip++) recordLoginRedirect(page);
    vi.stubGlobal("location", undefined);
    expect(loginRedirectsExhausted()).toBe(false);
  });
});

describe("warnOnLoopbackMismatch", () => {
  it("warns once per pair, only for two different loopback names", () => {
    const warn = vi.fn();
    warnOnLoopbackMismatch("http://127.0.0.1:4020", "http://localhost:5173/", warn);
    warnOnLoopbackMismatch("http://127.0.0.1:4020", "http://localhost:5173/other", warn);
    warnOnLoopbackMismatch("http://127.0.0.1:4020", "http://127.0.0.1:5173/", warn);
    warnOnLoopbackMismatch("https://auth.mine.example", "http://localhost:5173/", warn);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain(
      "set the auth URL to http://localhost:4020, or open the app at http://127.0.0.1:5173",
    );
  });
});

describe("in a production build (process.env.NODE_ENV is production)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the cause in a short sentence and runs no loopback check", () => {
    vi.stubEnv("NODE_ENV", "production");
    const failure = diagnoseLoginFailure("http://127.0.0.1:4021", "http://localhost:5174/app");
    expect(failure).toEqual({
      cause: "host_name_mismatch",
      message: "Signing in did not complete (host_name_mismatch).",
    });
    const warn = vi.fn();
    warnOnLoopbackMismatch("http://127.0.0.1:4021", "http://localhost:5174/", warn);
    expect(warn).not.toHaveBeenCalled();
  });
});
