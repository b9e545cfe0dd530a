import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_HEADER, SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { BrowserJar } from "../../support/browser-jar.js";
import { APP, type FakeAuthHost, hostWithAuth, memberInfo, userClaims } from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;
const REFRESH = "/api/backend/v1/refresh_token";

beforeEach(async () => {
  ({ host, auth } = await hostWithAuth());
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A browser holding a session whose access token expires in `expiresIn` seconds. */
async function browserWithSession(expiresIn: number, claims = userClaims()): Promise<BrowserJar> {
  const jar = new BrowserJar();
  jar.take({
    setCookies: [
      `${SESSION_COOKIES.accessToken}=${await host.sign(claims, { expiresIn })}; Path=/`,
      `${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}; Path=/`,
    ],
  });
  return jar;
}

describe("handleRequest (the middleware's job)", () => {
  it("leaves a fresh session alone: no call, no cookie, the token handed to the render", async () => {
    const jar = await browserWithSession(600);
    const request = jar.request(`${APP}/page`, { headers: { [ACCESS_TOKEN_HEADER]: "spoofed" } });
    const update = await auth.handleRequest(request);
    expect(update.setCookies).toEqual([]);
    expect(update.user?.email).toBe("ada@example.com");
    expect(update.requestHeaders.get(ACCESS_TOKEN_HEADER)).toBe(jar.cookies.get(SESSION_COOKIES.accessToken)?.value);
    expect(host.calls).toEqual([]);
  });

  it("renews a token near expiry, stores the rotated tokens, and hands the fresh token and cookies to the render", async () => {
    const jar = await browserWithSession(30);
    const oldRefresh = jar.cookies.get(SESSION_COOKIES.refreshToken)?.value;
    const update = await auth.handleRequest(jar.request(`${APP}/page`));
    expect(host.callsTo(REFRESH)).toHaveLength(1);
    jar.take(update);
    expect(jar.cookies.get(SESSION_COOKIES.refreshToken)?.value).not.toBe(oldRefresh);
    const fresh = jar.cookies.get(SESSION_COOKIES.accessToken)?.value;
    expect(update.requestHeaders.get(ACCESS_TOKEN_HEADER)).toBe(fresh);
    expect(update.requestHeaders.get("cookie")).toContain(`${SESSION_COOKIES.accessToken}=${fresh}`);
    expect(update.user!.expiresAtSeconds - Date.now() / 1000).toBeGreaterThan(600);
    // what the render reads from the handed-on headers is the fresh user, with no call
    const render = new Request(`${APP}/page`, { headers: update.requestHeaders });
    expect((await auth.readSession(render))?.accessToken).toBe(fresh);
    expect(host.callsTo(REFRESH)).toHaveLength(1);
  });

  it("after a renewal, the render's Cookie header changes only the session's cookies: the app's stay byte for byte", async () => {
    const jar = await browserWithSession(10);
    const session = jar.header(`${APP}/page`);
    const own = 'path=a/b; pad==; quoted="x y"; dup=1; dup=2; bad=%E0%A4%A';
    const update = await auth.handleRequest(new Request(`${APP}/page`, { headers: { cookie: `${own}; ${session}` } }));
    const fresh = update.requestHeaders.get(ACCESS_TOKEN_HEADER);
    expect(fresh).toBeTruthy();
    const rendered = update.requestHeaders.get("cookie") ?? "";
    expect(rendered.startsWith(`${own}; `)).toBe(true);
    expect(rendered).toContain(`${SESSION_COOKIES.accessToken}=${fresh}`);
    expect(rendered).not.toContain(jar.cookies.get(SESSION_COOKIES.refreshToken)?.value);
  });

  it("parallel requests near expiry share one refresh and all stay signed in; late ones with the old token too", async () => {
    const jar = await browserWithSession(10);
    host.behaviour.refreshDelayMs = 50;
    const updates = await Promise.all(
      Array.from({ length: 20 }, (_, index) => auth.handleRequest(jar.request(`${APP}/prefetch/${index}`))),
    );
    expect(host.callsTo(REFRESH)).toHaveLength(1);
    const tokens = new Set(updates.map((update) => update.requestHeaders.get(ACCESS_TOKEN_HEADER)));
    expect(tokens.size).toBe(1);
    for (const update of updates) {
      expect(update.user?.email).toBe("ada@example.com");
      expect(update.setCookies.some((line) => line.includes("Max-Age=0"))).toBe(false);
    }
    // a request that left the browser before the new cookies arrived: the same answer, no second call
    const late = await auth.handleRequest(jar.request(`${APP}/late`));
    expect(late.requestHeaders.get(ACCESS_TOKEN_HEADER)).toBe([...tokens][0]);
    expect(host.callsTo(REFRESH)).toHaveLength(1);
  });

  it("a refresh token another server already rotated keeps a still-valid session (no cookie cleared)", async () => {
    const jar = await browserWithSession(20);
    host.refreshTokens.clear();
    const update = await auth.handleRequest(jar.request(`${APP}/page`));
    expect(update.user?.email).toBe("ada@example.com");
    expect(update.setCookies).toEqual([]);
  });

  it("a refused refresh token with an expired access token: retryable twice (a race), then ended without deleting it", async () => {
    const jar = await browserWithSession(-60);
    host.behaviour.refresh = "logged_out";
    for (const round of [1, 2]) {
      const refused = await auth.handleRequest(jar.request(`${APP}/page`));
      expect([round, refused.user, refused.retryable?.reason]).toEqual([round, undefined, "session_rotated"]);
      expect(refused.requestHeaders.has(ACCESS_TOKEN_HEADER)).toBe(false);
      // another instance may hold the session's newer token: nothing is deleted
      expect(refused.setCookies.some((line) => line.includes("Max-Age=0"))).toBe(false);
      jar.take(refused);
    }
    const ended = await auth.handleRequest(jar.request(`${APP}/page`));
    expect([ended.user, ended.retryable]).toEqual([undefined, undefined]);
    jar.take(ended);
    // the expired access token goes; the refresh token stays (a late winner's may be in it) and is marked as ended
    expect(jar.cookies.has(SESSION_COOKIES.accessToken)).toBe(false);
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
    // ended: no refresh on the requests after it, no retry either
    const after = await auth.handleRequest(jar.request(`${APP}/page`));
    expect([after.user, after.retryable, after.setCookies]).toEqual([undefined, undefined, []]);
    expect(host.callsTo(REFRESH)).toHaveLength(3);
  });

  it("a first refusal cookie left over from a lost race is dropped once the newer session renews", async () => {
    const jar = await browserWithSession(-60);
    const stale = jar.cookies.get(SESSION_COOKIES.refreshToken)!.value;
    host.refreshTokens.delete(stale);
    jar.take(await auth.handleRequest(jar.request(`${APP}/page`)));
    const newer = host.newRefreshToken(userClaims());
    jar.take({ setCookies: [`${SESSION_COOKIES.refreshToken}=${newer}; Path=/`] });
    const renewed = await auth.handleRequest(jar.request(`${APP}/page`));
    expect(renewed.user?.email).toBe("ada@example.com");
    jar.take(renewed);
    expect([...jar.cookies.keys()].sort()).toEqual([SESSION_COOKIES.accessToken, SESSION_COOKIES.refreshToken]);
  });

  it("an unreachable auth host never signs anyone out", async () => {
    host.behaviour.refresh = "down";
    const nearExpiry = await browserWithSession(20);
    const kept = await auth.handleRequest(nearExpiry.request(`${APP}/page`));
    expect([kept.user?.email, kept.setCookies]).toEqual(["ada@example.com", []]);
    const expired = await browserWithSession(-60);
    const unknown = await auth.handleRequest(expired.request(`${APP}/page`));
    expect([unknown.user, unknown.setCookies, unknown.retryable?.reason]).toEqual([undefined, [], "auth_unavailable"]);
  });

  it("clears a dead access token when there is no refresh token", async () => {
    const jar = new BrowserJar();
    jar.take({
      setCookies: [`${SESSION_COOKIES.accessToken}=${await host.sign(userClaims(), { expiresIn: -60 })}; Path=/`],
    });
    const update = await auth.handleRequest(jar.request(`${APP}/page`));
    expect(update.user).toBeUndefined();
    expect(update.setCookies).toEqual([expect.stringContaining(`${SESSION_COOKIES.accessToken}=; Path=/`)]);
    expect(host.calls).toEqual([]);
  });

  it("renews with the active org, and drops an org the user has left", async () => {
    const jar = await browserWithSession(10);
    jar.take({ setCookies: [`${SESSION_COOKIES.activeOrgId}=org-a; Path=/`] });
    const update = await auth.handleRequest(jar.request(`${APP}/page`));
    expect(update.user?.activeOrgId).toBe("org-a");
    expect(host.callsTo(REFRESH)[0]?.query).toBe("?with_active_org_support=true&active_org_id=org-a");

    const left = await browserWithSession(10);
    left.take({ setCookies: [`${SESSION_COOKIES.activeOrgId}=org-gone; Path=/`] });
    const dropped = await auth.handleRequest(left.request(`${APP}/page`));
    left.take(dropped);
    expect(dropped.user?.activeOrgId).toBeUndefined();
    expect(dropped.user?.email).toBe("ada@example.com");
    expect(left.cookies.has(SESSION_COOKIES.activeOrgId)).toBe(false);
  });
});

describe("readSession never refreshes", () => {
  it("reads the cookie with no call, and gives undefined for an expired token even with a live refresh token", async () => {
    const fresh = await browserWithSession(600);
    expect((await auth.readSession(fresh.request(`${APP}/`)))?.email).toBe("ada@example.com");
    const expired = await browserWithSession(-60);
    expect(await auth.readSession(expired.request(`${APP}/`))).toBeUndefined();
    expect(await auth.readSession(new Request(`${APP}/`))).toBeUndefined();
    expect(host.calls).toEqual([]);
  });
});

describe("a user in many orgs: the session fits its cookies", () => {
  const manyOrgs = (count: number) =>
    userClaims({
      org_id_to_org_member_info: Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`org-${index}`, memberInfo(`org-${index}`)]),
      ),
    });

  it("takes the org token of the first org when the user token outgrows the cookies: under 4 KB, forwarded too", async () => {
    const jar = await browserWithSession(10, manyOrgs(25));
    const update = await auth.handleRequest(jar.request(`${APP}/page`));
    jar.take(update);
    expect(host.callsTo(REFRESH).map((call) => new URLSearchParams(call.query).get("active_org_id"))).toEqual([
      null,
      "org-0",
    ]);
    expect(update.user?.activeOrgId).toBe("org-0");
    expect(update.user?.getOrgs().map((org) => org.orgId)).toEqual(["org-0"]);
    expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe("org-0");
    expect(jar.header(`${APP}/`).length).toBeLessThan(4000);
    expect(update.requestHeaders.get(ACCESS_TOKEN_HEADER)?.length).toBeLessThan(4000);
    // the next request reads the stored org token: no refresh
    const next = await auth.handleRequest(jar.request(`${APP}/next`));
    expect(next.user?.activeOrgId).toBe("org-0");
    expect(host.callsTo(REFRESH)).toHaveLength(2);
    // an org chosen later is the one kept
    const chosen = await auth.handleAuthRoute(
      jar.request(`${APP}/api/auth/set-active-org?active_org_id=org-7`, { method: "POST" }),
    );
    jar.take(chosen);
    expect(jar.cookies.get(SESSION_COOKIES.activeOrgId)?.value).toBe("org-7");
    expect((await auth.readSession(jar.request(`${APP}/`)))?.getOrgs().map((org) => org.orgId)).toEqual(["org-7"]);
  });

  it("keeps the session when even the org token outgrows the cookies: renewed per request, named in a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const huge = { "org-0": memberInfo("org-0", { org_metadata: { notes: "x".repeat(5000) } }) };
    const jar = await browserWithSession(10, userClaims({ org_id_to_org_member_info: huge }));
    const first = await auth.handleRequest(jar.request(`${APP}/page`));
    jar.take(first);
    expect(first.user?.getOrgs()).toHaveLength(1);
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
    expect(jar.cookies.has(SESSION_COOKIES.accessToken)).toBe(false);
    expect(warn.mock.calls.flat().join(" ")).toContain("session_too_large");
    // the next request carries only the (rotated) refresh token: renewed again, still signed in
    const next = await auth.handleRequest(jar.request(`${APP}/next`));
    expect(next.user?.email).toBe("ada@example.com");
  });
});
