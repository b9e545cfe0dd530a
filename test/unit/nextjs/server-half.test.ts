/**
 * orgauth/nextjs's server half on a fake auth host: `getUser` reads the middleware's fresh token first and the cookie
 * next, through Next's own `headers()` (mocked here as Next provides it per request), without a request to the auth
 * host; `getUserOrRedirect` sends a signed-out visitor to the login route with the page's path; `authMiddleware`
 * renews near expiry, sets the cookies and passes the fresh token and the path to the render; the route handlers
 * answer the auth routes; `toClientUser` is plain data.
 */
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_HEADER, SESSION_COOKIES } from "../../../src/server/index.js";
import {
  API_KEY,
  APP,
  createFakeAuthHost,
  type FakeAuthHost,
  REDIRECT_URI,
  userClaims,
} from "../server/fake-auth-host.js";

/** The request headers `headers()` answers with (what Next hands a server component, route handler or action). */
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
}));

const nextjs = await import("../../../src/nextjs/index.js");

let host: FakeAuthHost;

beforeEach(async () => {
  host = await createFakeAuthHost();
  nextjs.configureServerAuth({
    authUrl: host.issuer,
    apiKey: API_KEY,
    verifierKey: host.pem,
    redirectUri: REDIRECT_URI,
    fetch: host.fetch,
  });
  requestHeaders = new Headers();
});

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");

describe("getUser", () => {
  it("reads the user from the access-token cookie, with no request to the auth host", async () => {
    const token = await host.sign(userClaims(), { expiresIn: 600 });
    requestHeaders.set("cookie", cookieHeader({ [SESSION_COOKIES.accessToken]: token }));
    const user = await nextjs.getUser();
    expect(user?.email).toBe("ada@example.com");
    expect(user?.getOrg("org-a")?.hasPermission("write")).toBe(true);
    expect(host.calls).toEqual([]);
  });

  it("prefers the fresh token the middleware set to the cookie; undefined without a token or with an expired one", async () => {
    const claims = userClaims({ email: "fresh@example.com" });
    const expired = await host.sign(claims, { expiresIn: -60 });
    requestHeaders.set("cookie", cookieHeader({ [SESSION_COOKIES.accessToken]: expired }));
    expect(await nextjs.getUser()).toBeUndefined();
    const middleware = await nextjs.authMiddleware(
      new NextRequest(`${APP}/page`, {
        headers: { cookie: cookieHeader({ [SESSION_COOKIES.refreshToken]: host.newRefreshToken(claims) }) },
      }),
    );
    // the headers the middleware hands the render (x-middleware-request-*), beside the old cookie
    for (const [name, value] of middleware.headers) {
      if (name.startsWith("x-middleware-request-x-orgauth-")) requestHeaders.set(name.slice(21), value);
    }
    expect((await nextjs.getUser())?.email).toBe("fresh@example.com");
    requestHeaders = new Headers();
    expect(await nextjs.getUser()).toBeUndefined();
  });

  it("ignores a token header the middleware did not set (a path it does not run on): the cookie decides", async () => {
    const cookie = await host.sign(userClaims(), { expiresIn: 600 });
    requestHeaders.set("cookie", cookieHeader({ [SESSION_COOKIES.accessToken]: cookie }));
    requestHeaders.set(ACCESS_TOKEN_HEADER, await host.sign(userClaims({ email: "other@example.com" })));
    expect((await nextjs.getUser())?.email).toBe("ada@example.com");
    requestHeaders.set(ACCESS_TOKEN_HEADER, "garbage");
    expect((await nextjs.getUser())?.email).toBe("ada@example.com");
  });
});

describe("getUserOrRedirect", () => {
  it("sends a signed-out visitor to the login route and back to the page the middleware saw", async () => {
    requestHeaders.set(nextjs.CURRENT_PATH_HEADER, "/dashboard?tab=2");
    await expect(nextjs.getUserOrRedirect()).rejects.toMatchObject({
      url: "/api/auth/login?return_to_path=%2Fdashboard%3Ftab%3D2",
    });
    await expect(nextjs.getUserOrRedirect({ returnToPath: "//evil.example" })).rejects.toMatchObject({
      url: "/api/auth/login?return_to_path=%2F",
    });
  });
});

describe("the auth host's keys unreachable (no verifier key)", () => {
  it("getUserOrRedirect throws the typed key_unavailable and does not send the visitor to login", async () => {
    nextjs.configureServerAuth({ authUrl: host.issuer, apiKey: API_KEY, redirectUri: REDIRECT_URI, fetch: host.fetch });
    host.behaviour.jwks = "down";
    requestHeaders.set("cookie", cookieHeader({ [SESSION_COOKIES.accessToken]: await host.sign(userClaims()) }));
    await expect(nextjs.getUserOrRedirect()).rejects.toMatchObject({ type: "access_token", reason: "key_unavailable" });
  });
});

describe("authMiddleware", () => {
  it("renews a token near expiry: cookies on the response, the fresh token and the path for the render", async () => {
    const claims = userClaims();
    const cookies = {
      [SESSION_COOKIES.accessToken]: await host.sign(claims, { expiresIn: 10 }),
      [SESSION_COOKIES.refreshToken]: host.newRefreshToken(claims),
    };
    const request = new NextRequest(`${APP}/dashboard?x=1`, { headers: { cookie: cookieHeader(cookies) } });
    const response = await nextjs.authMiddleware(request);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIES.accessToken}=`))).toBe(
      true,
    );
    // NextResponse.next({ request: { headers } }) carries the overridden request headers as x-middleware-request-*
    const fresh = response.headers.get(`x-middleware-request-${ACCESS_TOKEN_HEADER}`);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(cookies[SESSION_COOKIES.accessToken]);
    expect(response.headers.get(`x-middleware-request-${nextjs.CURRENT_PATH_HEADER}`)).toBe("/dashboard?x=1");
    expect(host.callsTo("/api/backend/v1/refresh_token")).toHaveLength(1);
  });

  it("lets the auth routes through untouched", async () => {
    const response = await nextjs.authMiddleware(new NextRequest(`${APP}/api/auth/callback?code=x`));
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(host.calls).toEqual([]);
  });
});

describe("getRouteHandlers and toClientUser", () => {
  it("the route handlers answer the auth routes; the client user is plain data", async () => {
    const { GET } = nextjs.getRouteHandlers();
    const login = await GET(new Request(`${APP}/api/auth/login?return_to_path=%2Fdashboard`));
    expect(login.status).toBe(302);
    expect(new URL(login.headers.get("location")!).pathname).toBe("/propelauth/ssr/authorize");
    const userinfo = await GET(new Request(`${APP}/api/auth/userinfo`));
    expect(userinfo.status).toBe(401);

    const token = await host.sign(userClaims(), { expiresIn: 600 });
    requestHeaders.set("cookie", cookieHeader({ [SESSION_COOKIES.accessToken]: token }));
    const clientUser = nextjs.toClientUser(await nextjs.getUser());
    expect(JSON.parse(JSON.stringify(clientUser))).toEqual(clientUser);
    expect(clientUser).toMatchObject({ email: "ada@example.com", accessToken: token, firstName: "Ada" });
    expect(Object.keys(clientUser?.orgIdToOrgMembership ?? {})).toEqual(["org-a", "org-b"]);
    expect(nextjs.toClientUser(undefined)).toBeNull();
  });
});
