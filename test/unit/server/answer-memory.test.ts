import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { BrowserJar } from "../../support/browser-jar.js";
import { APP, type FakeAuthHost, hostWithAuth, userClaims } from "./fake-auth-host.js";

/**
 * The answer memory (a request with a refresh token this process has just rotated gets the same new tokens) never
 * hands back a session that ended: a logout, and any "logged out" answer, forget every answer of that session.
 */
let host: FakeAuthHost;
let auth: ServerAuth;

beforeEach(async () => {
  ({ host, auth } = await hostWithAuth());
});

/** A browser whose access token has expired, after one renewal: it holds the rotated token; the old one is returned. */
async function renewedSession(): Promise<{ jar: BrowserJar; before: string }> {
  const jar = new BrowserJar();
  const claims = userClaims();
  const before = host.newRefreshToken(claims);
  jar.take({ setCookies: [`${SESSION_COOKIES.refreshToken}=${before}; Path=/`] });
  const renewed = await auth.handleRequest(jar.request(`${APP}/page`));
  expect(renewed.user?.email).toBe("ada@example.com");
  jar.take(renewed);
  expect(jar.cookies.get(SESSION_COOKIES.refreshToken)?.value).not.toBe(before);
  return { jar, before };
}

/** A request carrying only a refresh token (its access token expired). */
const withRefreshToken = (token: string) =>
  new Request(`${APP}/page`, { headers: { cookie: `${SESSION_COOKIES.refreshToken}=${token}` } });

/** True when the lines store a refresh token (a session handed out). */
const storesSession = (lines: string[]) =>
  lines.some((line) => line.startsWith(`${SESSION_COOKIES.refreshToken}=`) && !line.includes("Max-Age=0"));

describe("the answer memory forgets a session that ended", () => {
  it("after a logout, the refresh token from before the last rotation gets nothing", async () => {
    const { jar, before } = await renewedSession();
    // before the logout, the memory answers the old token (a request that raced the rotation)
    expect((await auth.handleRequest(withRefreshToken(before))).user?.email).toBe("ada@example.com");
    const logout = await jar.send(auth, `${APP}/api/auth/logout`, { method: "POST", headers: { Origin: APP } });
    expect(logout.status).toBe(200);
    const after = await auth.handleRequest(withRefreshToken(before));
    expect(after.user).toBeUndefined();
    expect(storesSession(after.setCookies)).toBe(false);
  });

  it("after a 'logged out' answer (the user disabled), the refresh token from before the last rotation gets nothing", async () => {
    const { jar, before } = await renewedSession();
    host.behaviour.refresh = "logged_out";
    jar.cookies.delete(SESSION_COOKIES.accessToken);
    expect((await auth.handleRequest(jar.request(`${APP}/page`))).user).toBeUndefined();
    const after = await auth.handleRequest(withRefreshToken(before));
    expect(after.user).toBeUndefined();
    expect(storesSession(after.setCookies)).toBe(false);
  });
});
