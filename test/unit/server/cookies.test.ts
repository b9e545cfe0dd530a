import { describe, expect, it, vi } from "vitest";
import {
  fitsSessionCookies,
  readCookies,
  readRequestSession,
  SESSION_COOKIE_BUDGET,
  SESSION_COOKIES,
  sessionCookieBytes,
  storeSessionLines,
} from "../../../src/server/cookie-store.js";
import type { ServerConfig } from "../../../src/server/options.js";
import { APP, hostWithAuth } from "./fake-auth-host.js";

const config = { secureCookies: true } as ServerConfig;
const ORG = "cc80f47d-a6d4-4cdb-a946-cfda29dda3b7";

describe("the cookie store", () => {
  it("counts the session's bytes as a Cookie header carries them, and holds them to the budget", () => {
    const tokens = { accessToken: "a+b", refreshToken: "r" };
    // __pa_at=a%2Bb; __pa_rt=r; __pa_org_id=<36>
    expect(sessionCookieBytes(tokens, undefined)).toBe("__pa_at=a%2Bb; __pa_rt=r".length);
    expect(sessionCookieBytes(tokens, ORG)).toBe(`__pa_at=a%2Bb; __pa_rt=r; __pa_org_id=${ORG}`.length);
    const atBudget = {
      accessToken: "x".repeat(SESSION_COOKIE_BUDGET - "__pa_at=; __pa_rt=r".length),
      refreshToken: "r",
    };
    expect(fitsSessionCookies(atBudget, undefined)).toBe(true);
    expect(fitsSessionCookies(atBudget, ORG)).toBe(false);
  });

  it("stores a token that fits whole and deletes an earlier release's chunks; one that does not is left out", () => {
    const request = new Request("https://app.example.com/", {
      headers: { cookie: `${SESSION_COOKIES.accessToken}.0=old; ${SESSION_COOKIES.accessToken}.1=old` },
    });
    const session = readRequestSession(request);
    const lines = storeSessionLines(config, session, { accessToken: "small", refreshToken: "r" }, ORG);
    expect(lines.map((line) => line.split(";")[0])).toEqual([
      "__pa_at.0=",
      "__pa_at.1=",
      "__pa_at=small",
      "__pa_rt=r",
      `__pa_org_id=${ORG}`,
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const large = { accessToken: "x".repeat(SESSION_COOKIE_BUDGET), refreshToken: "r" };
    const without = storeSessionLines(config, readRequestSession(new Request("https://app.example.com/")), large, null);
    expect(without.map((line) => line.split("=")[0])).toEqual(["__pa_rt"]);
    expect(warn.mock.calls.flat().join(" ")).toContain("session_too_large");
    warn.mockRestore();
  });

  it("reads a Cookie header: first of a repeated name, quoted and encoded values, junk skipped", () => {
    const request = new Request("https://app.example.com/", {
      headers: { cookie: 'a=1; b="two"; a=3; junk; c=%E2%9C%93; d=%zz' },
    });
    expect(Object.fromEntries(readCookies(request))).toEqual({ a: "1", b: "two", c: "✓", d: "%zz" });
  });
});

describe("a refresh cookie no browser keeps", () => {
  it("a 1 MB refresh cookie is no session: signed out, its cookie cleared, no call, not an outage (503)", async () => {
    const { host, auth } = await hostWithAuth();
    const cookie = `${SESSION_COOKIES.refreshToken}=${"r".repeat(1024 * 1024)}`;
    const headers = { cookie, origin: APP };
    const userinfo = await auth.handleAuthRoute(new Request(`${APP}/api/auth/userinfo`, { headers }));
    expect([userinfo.status, (await userinfo.json()).error_code]).toEqual([401, "not_logged_in"]);
    expect(userinfo.headers.getSetCookie()).toEqual([expect.stringMatching(/^__pa_rt=; .*Max-Age=0/)]);
    const update = await auth.handleRequest(new Request(`${APP}/page`, { headers }));
    expect([update.user, update.retryable]).toEqual([undefined, undefined]);
    expect(host.calls).toEqual([]);
  });
});
