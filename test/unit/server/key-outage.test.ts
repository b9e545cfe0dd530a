import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccessTokenError, SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { APP, type FakeAuthHost, hostWithAuth, userClaims } from "./fake-auth-host.js";

/**
 * An auth host whose key set (JWKS) cannot be fetched, with no verifier key configured, is an outage, not a
 * sign-out: the request handler passes the request on with no user and neither refreshes nor clears anything,
 * `readSession` throws a typed `key_unavailable`, the auth routes answer 503 with a typed body, and the key set is
 * fetched at most once per few seconds.
 */
let host: FakeAuthHost;
let auth: ServerAuth;
const JWKS = "/.well-known/jwks.json";
const REFRESH = "/api/backend/v1/refresh_token";

beforeEach(async () => {
  // Date only: the retry window is measured on the clock, which the test moves itself
  vi.useFakeTimers({ toFake: ["Date"] });
  ({ host, auth } = await hostWithAuth(() => ({ verifierKey: "" })));
  host.behaviour.jwks = "down";
});
afterEach(() => {
  vi.useRealTimers();
});

/** A request with a session whose access token expires in `expiresIn` seconds. */
async function sessionRequest(expiresIn: number, path = "/page", init: RequestInit = {}): Promise<Request> {
  const claims = userClaims();
  const cookie = `${SESSION_COOKIES.accessToken}=${await host.sign(claims, { expiresIn })}; ${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}`;
  return new Request(`${APP}${path}`, { ...init, headers: { cookie, origin: APP } });
}

describe("the auth host's keys unreachable", () => {
  it("the request handler passes requests on with no user, no refresh, no cookie; one key fetch per few seconds", async () => {
    for (const expiresIn of [600, 600, -60, 600]) {
      const update = await auth.handleRequest(await sessionRequest(expiresIn));
      expect([update.user, update.setCookies]).toEqual([undefined, []]);
    }
    expect(host.callsTo(REFRESH)).toEqual([]);
    expect(host.callsTo(JWKS)).toHaveLength(1);
    vi.setSystemTime(Date.now() + 6000);
    await auth.handleRequest(await sessionRequest(600));
    expect(host.callsTo(JWKS)).toHaveLength(2);
    // back up: the keys are fetched again after the window, and the session reads as before
    host.behaviour.jwks = "ok";
    vi.setSystemTime(Date.now() + 6000);
    expect((await auth.handleRequest(await sessionRequest(600))).user?.email).toBe("ada@example.com");
  });

  it("readSession throws a typed key_unavailable instead of reading as signed out", async () => {
    const read = auth.readSession(await sessionRequest(600));
    await expect(read).rejects.toBeInstanceOf(AccessTokenError);
    await expect(read).rejects.toMatchObject({ type: "access_token", reason: "key_unavailable" });
  });

  it("userinfo and set-active-org answer 503 with a typed body and change no cookie", async () => {
    for (const [path, method] of [
      ["/api/auth/userinfo", "GET"],
      ["/api/auth/set-active-org?active_org_id=org-a", "POST"],
    ] as const) {
      const response = await auth.handleAuthRoute(await sessionRequest(600, path, { method }));
      expect(response.status).toBe(503);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await response.json()).error_code).toBe("key_unavailable");
    }
    expect(host.callsTo(REFRESH)).toEqual([]);
  });
});

describe("the key set through an outage that starts after it went stale", () => {
  it("keeps verifying with the last good keys, fetching once per few seconds, and uses new ones once back", async () => {
    host.behaviour.jwks = "ok";
    const token = async () => host.sign(userClaims(), { expiresIn: 3600 });
    expect((await auth.verifyAccessToken(await token())).email).toBe("ada@example.com");
    // 11 minutes after the last fetch the host goes down for 60 s: the set is stale and cannot be reloaded
    vi.setSystemTime(Date.now() + 11 * 60_000);
    host.behaviour.jwks = "down";
    for (let second = 0; second <= 60; second += 2) {
      expect((await auth.verifyAccessToken(await token())).email).toBe("ada@example.com");
      vi.setSystemTime(Date.now() + 2000);
    }
    // a reload per 5 s at most: 62 s of requests every 2 s
    expect(host.callsTo(JWKS).length).toBeGreaterThanOrEqual(12);
    expect(host.callsTo(JWKS).length).toBeLessThanOrEqual(14);
    // a key id the last good set lacks, while the host is down: unknown, not a bad signature
    const unknownKid = await host.sign(userClaims(), { kid: "k2" });
    await expect(auth.verifyAccessToken(unknownKid)).rejects.toMatchObject({ reason: "key_unavailable" });
    host.behaviour.jwks = "ok";
    vi.setSystemTime(Date.now() + 6000);
    expect((await auth.verifyAccessToken(await token())).email).toBe("ada@example.com");
    await expect(auth.verifyAccessToken(unknownKid)).rejects.toMatchObject({ reason: "bad_signature" });
  });
});
