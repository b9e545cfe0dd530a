/**
 * The auth routes refuse a state-changing request another origin's page sent (403 `cross_origin_request`, the
 * session untouched): by `Origin`, else by `Sec-Fetch-Site`. `GET logout` is the landing page after a hosted logout:
 * it clears the cookies of a session the auth host has ended, and keeps (renewed) a live one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { BrowserJar, locationOf } from "../../support/browser-jar.js";
import { APP, type FakeAuthHost, hostWithAuth, REDIRECT_URI } from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;

beforeEach(async () => {
  ({ host, auth } = await hostWithAuth());
});

/** A browser profile signed in through the login round trip. */
async function signedIn(): Promise<BrowserJar> {
  const jar = new BrowserJar();
  const state = new URL(locationOf(await jar.send(auth, `${APP}/api/auth/login`))).searchParams.get("state") ?? "";
  const callback = await jar.send(auth, `${REDIRECT_URI}?code=${host.issueCode()}&state=${encodeURIComponent(state)}`);
  await jar.send(auth, locationOf(callback));
  expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
  return jar;
}

describe("state-changing auth routes from another origin", () => {
  it.each([
    ["a page on another port of the same host", { origin: "https://app.example.com:8443" }],
    ["a page of another site", { origin: "https://evil.example" }],
    ["a sandboxed page (Origin: null)", { origin: "null" }],
    ["a browser that sends only Sec-Fetch-Site", { "sec-fetch-site": "same-site" }],
  ])("%s: 403 cross_origin_request, the session untouched", async (_, headers) => {
    const jar = await signedIn();
    for (const path of ["logout", "set-active-org?active_org_id=org-1"]) {
      const response = await jar.send(auth, `${APP}/api/auth/${path}`, { method: "POST", headers });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error_code: "cross_origin_request", message: expect.any(String) });
      expect(response.headers.has("set-cookie")).toBe(false);
    }
    expect(host.callsTo("/api/backend/v1/logout")).toEqual([]);
  });

  it("the app's own origin (or a request that names none, not a browser's) logs out", async () => {
    const jar = await signedIn();
    const own = await jar.send(auth, `${APP}/api/auth/logout`, { method: "POST", headers: { origin: APP } });
    expect(own.status).toBe(200);
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(false);
    const other = await signedIn();
    const sameOrigin = { "sec-fetch-site": "same-origin" };
    expect((await other.send(auth, `${APP}/api/auth/logout`, { method: "POST", headers: sameOrigin })).status).toBe(
      200,
    );
    const tool = await signedIn();
    expect((await tool.send(auth, `${APP}/api/auth/logout`, { method: "POST" })).status).toBe(200);
  });
});

describe("GET logout, the landing page after a hosted logout", () => {
  it("keeps a session the auth host still knows: a link on another site ends nothing", async () => {
    const jar = await signedIn();
    const landing = await jar.send(auth, `${APP}/api/auth/logout?return_to_path=/bye`, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(landing.status).toBe(302);
    expect(locationOf(landing)).toBe(`${APP}/bye`);
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
    expect(await auth.readSession(jar.request(`${APP}/`))).toBeDefined();
    expect(host.callsTo("/api/backend/v1/logout")).toEqual([]);
  });

  it("clears the cookies of a session the auth host has ended", async () => {
    const jar = await signedIn();
    host.refreshTokens.clear();
    const landing = await jar.send(auth, `${APP}/api/auth/logout`);
    expect(landing.status).toBe(302);
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(false);
    expect(jar.cookies.has(SESSION_COOKIES.accessToken)).toBe(false);
  });
});
