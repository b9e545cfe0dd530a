import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createServerAuth, SESSION_COOKIES, type ServerAuth, type SessionUpdate } from "../../../src/server/index.js";
import { BrowserJar } from "../../support/browser-jar.js";
import { APP, appOptions, createFakeAuthHost, type FakeAuthHost, userClaims } from "./fake-auth-host.js";

/**
 * Tokens of 15 s: the refresh window is capped at half the token's lifetime, and the
 * memory of refresh answers never hands out an answer whose access token has expired, nor one older than the few
 * seconds requests racing a rotation need (a logout on another instance is invisible to this one). The clock is
 * jose's and the fake host's `Date`, moved by the test.
 */
const REFRESH = "/api/backend/v1/refresh_token";
let host: FakeAuthHost;
let auth: ServerAuth;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  host = await createFakeAuthHost({ accessTokenSeconds: 15, reuseSeconds: 30 });
  auth = createServerAuth(appOptions(host));
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser holding a 15 s access token issued `age` seconds ago and its refresh token. */
async function browserWithSession(age: number): Promise<BrowserJar> {
  const claims = userClaims();
  const accessToken = await host.sign(claims, { expiresIn: 15 - age });
  const jar = new BrowserJar();
  jar.take({
    setCookies: [
      `${SESSION_COOKIES.accessToken}=${accessToken}; Path=/`,
      `${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}; Path=/`,
    ],
  });
  return jar;
}

/** The user a render reads from what the request handler handed on. */
const rendered = (update: SessionUpdate) =>
  auth.readSession(new Request(`${APP}/page`, { headers: update.requestHeaders }));

describe("15 s access tokens", () => {
  it("are renewed only in the second half of their lifetime, not on every request (default 60 s window)", async () => {
    for (const age of [0, 3, 6]) {
      const update = await auth.handleRequest((await browserWithSession(age)).request(`${APP}/page`));
      expect([update.user?.email, update.setCookies]).toEqual(["ada@example.com", []]);
    }
    expect(host.callsTo(REFRESH)).toEqual([]);
    const due = await auth.handleRequest((await browserWithSession(9)).request(`${APP}/page`));
    expect(due.user?.email).toBe("ada@example.com");
    expect(host.callsTo(REFRESH)).toHaveLength(1);
  });

  it("20 parallel requests on an expired token whose last answer's token expired too: 20 signed-in renders, one refresh", async () => {
    const jar = await browserWithSession(20);
    // a renewal whose answer never reached the browser (the tab was closed): remembered by this process
    expect((await auth.handleRequest(jar.request(`${APP}/closed-tab`))).user?.email).toBe("ada@example.com");
    vi.setSystemTime(Date.now() + 16_000);
    const updates = await Promise.all(
      Array.from({ length: 20 }, (_, index) => auth.handleRequest(jar.request(`${APP}/page/${index}`))),
    );
    const users = await Promise.all(updates.map(rendered));
    expect(users.map((user) => user?.email)).toEqual(Array(20).fill("ada@example.com"));
    expect(host.callsTo(REFRESH)).toHaveLength(2);
  });

  it("after a logout on another instance, this one hands out no tokens for the old refresh token from memory", async () => {
    const jar = await browserWithSession(20);
    const before = jar.cookies.get(SESSION_COOKIES.refreshToken)!.value;
    jar.take(await auth.handleRequest(jar.request(`${APP}/page`)));
    // another instance logs the session out (the auth host's logout of the browser's current refresh token)
    host.refreshTokens.delete(jar.cookies.get(SESSION_COOKIES.refreshToken)!.value);
    host.refreshTokens.delete(before);
    vi.setSystemTime(Date.now() + 11_000);
    const late = await auth.handleRequest(
      new Request(`${APP}/page`, { headers: { cookie: `${SESSION_COOKIES.refreshToken}=${before}` } }),
    );
    expect(late.user).toBeUndefined();
    expect(late.setCookies.filter((line) => line.startsWith(`${SESSION_COOKIES.accessToken}=ey`))).toEqual([]);
  });
});
