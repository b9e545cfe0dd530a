/**
 * `createOrgauth` on a fake auth host, routes under `/auth`: the configuration is resolved on first use (the
 * environment filling what it leaves out, a redirect URI outside `basePath` a typed error); the middleware lets
 * `/auth/*` through, keeps signed-out visitors and users without the permission off protected paths (for a page
 * load the login itself on the redirect URI's host, a redirect to it from another host; 401 / 403 JSON otherwise) and
 * runs the app's callback; `protect` redirects, renders `forbidden()` or falls back to `notFound()`; `protectRoute`
 * and `protectAction` answer with the typed denial.
 */
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIES } from "../../../src/server/index.js";
import { API_KEY, APP, createFakeAuthHost, type FakeAuthHost, userClaims } from "../server/fake-auth-host.js";

let requestHeaders = new Headers();
/** What the mocked `forbidden()` does: Next's 403 (authInterrupts on) or the error Next throws without it. */
let authInterrupts = true;
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url, digest: "NEXT_REDIRECT" });
  },
  notFound: () => {
    throw Object.assign(new Error("NEXT_NOT_FOUND"), { digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  },
  forbidden: () => {
    if (!authInterrupts) throw new Error("`forbidden()` is experimental");
    throw Object.assign(new Error("NEXT_FORBIDDEN"), { digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
  },
}));

const { createOrgauth } = await import("../../../src/nextjs/index.js");

const REDIRECT_URI = `${APP}/auth/callback`;
let host: FakeAuthHost;
const configFor = (h: FakeAuthHost) =>
  ({ authUrl: h.issuer, apiKey: API_KEY, verifierKey: h.pem, redirectUri: REDIRECT_URI, fetch: h.fetch }) as const;

beforeEach(async () => {
  host = await createFakeAuthHost();
  requestHeaders = new Headers();
  authInterrupts = true;
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** A cookie header of a session whose access token is fresh (no refresh needed). */
async function signedInCookie(): Promise<string> {
  const token = await host.sign(userClaims(), { expiresIn: 600 });
  return `${SESSION_COOKIES.accessToken}=${token}; ${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(userClaims())}`;
}

describe("the configuration", () => {
  it("is resolved on first use, the environment filling in; a redirect URI outside basePath is a typed error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubEnv("PROPELAUTH_API_KEY", API_KEY);
    vi.stubEnv("PROPELAUTH_REDIRECT_URI", REDIRECT_URI);
    const fromEnv = createOrgauth({
      authUrl: host.issuer,
      verifierKey: host.pem,
      fetch: host.fetch,
      basePath: "/auth/",
    });
    expect(fromEnv.basePath).toBe("/auth");
    const wrong = createOrgauth({ ...configFor(host), basePath: "/api/auth" });
    expect(() => wrong.handlers).not.toThrow(); // nothing is checked at creation
    await expect(wrong.handlers.GET(new Request(`${APP}/api/auth/login`))).rejects.toMatchObject({
      type: "server_configuration",
      option: "basePath",
    });
    expect(() => createOrgauth({ ...configFor(host), basePath: "/a" }).middleware({ protect: ["app"] })).toThrow(
      /starts with "\/"/,
    );
  });
});

describe("clientProps", () => {
  it("hands the browser half the auth routes' folder and auth URL of this configuration, with the user", async () => {
    const orgauth = createOrgauth({ ...configFor(host), basePath: "/auth" });
    expect(orgauth.clientProps(null)).toEqual({ user: null, authUrl: host.issuer, authRoutes: "/auth" });
    requestHeaders = new Headers({ cookie: await signedInCookie() });
    const props = orgauth.clientProps(await orgauth.getUser());
    expect([props.user?.email, props.authRoutes]).toEqual(["ada@example.com", "/auth"]);
    // without basePath: the redirect URI's folder
    const byRedirect = createOrgauth({ ...configFor(host), redirectUri: `${APP}/api/auth/callback` });
    expect(byRedirect.clientProps(undefined).authRoutes).toBe("/api/auth");
  });

  it("getUser reads the session once per request: the layout and the page share the user", async () => {
    const orgauth = createOrgauth(configFor(host));
    requestHeaders = new Headers({ cookie: await signedInCookie() });
    const layout = await orgauth.getUser();
    expect(layout?.email).toBe("ada@example.com");
    expect(await orgauth.getUser()).toBe(layout);
  });
});

describe("the middleware", () => {
  const orgauth = () => createOrgauth(configFor(host));
  const page = (path: string, cookie = "") =>
    new NextRequest(`${APP}${path}`, { headers: { accept: "text/html", cookie } });

  it("lets /auth/* through; a signed-out page load on a protected path starts the login there and comes back", async () => {
    const middleware = orgauth().middleware({ protect: ["/app(.*)"] });
    const through = await middleware(page("/auth/callback?code=x"));
    expect(through.headers.get("location")).toBeNull();
    expect(host.calls).toEqual([]);
    // Next.js 15 hands a middleware `localhost` for the server's host: the browser's Host says where it is
    const onApp = new NextRequest("http://localhost:9/app/reports?q=1", {
      headers: { accept: "text/html", host: new URL(APP).host },
    });
    const refused = await middleware(onApp);
    // the login route's answer: the hosted login (Next.js leaves the auth host's URL alone), its state cookie
    expect(refused.status).toBe(302);
    const hosted = new URL(refused.headers.get("location") ?? "");
    expect(hosted.origin).toBe(new URL(host.issuer).origin);
    expect(hosted.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(refused.headers.get("set-cookie")).toContain(`${SESSION_COOKIES.state}.`);
    // on another host the login could not finish: the login route on the redirect URI's origin
    const elsewhere = new NextRequest("http://localhost:9/app", {
      headers: { accept: "text/html", host: "other.example", "x-forwarded-host": new URL(APP).host },
    });
    const redirected = await middleware(elsewhere);
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get("location")).toBe(`${APP}/auth/login?return_to_path=%2Fapp`);
    const open = await middleware(page("/pricing"));
    expect(open.headers.get("x-middleware-next")).toBe("1");
    const api = await middleware(new NextRequest(`${APP}/app/data`, { headers: { accept: "application/json" } }));
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error_code: "not_logged_in", message: "Sign in first." });
  });

  it("checks a path's permission in the active org (else the first) or the org named; runs the callback", async () => {
    const middleware = orgauth().middleware({
      protect: [
        { path: "/write(.*)", permission: "write" },
        { path: /^\/org-b\//, permission: "write", orgId: "org-b" },
      ],
      callback: (auth, request) => {
        if (request.nextUrl.pathname === "/owners") return auth.protect({ role: "Owner" });
        const response = auth.next();
        response.headers.set("x-user", auth.user?.email ?? "none");
        return response;
      },
    });
    const cookie = await signedInCookie();
    const allowed = await middleware(page("/write/new", cookie));
    expect(allowed.headers.get("x-middleware-next")).toBe("1");
    expect(allowed.headers.get("x-user")).toBe("ada@example.com");
    const refused = await middleware(page("/org-b/settings", cookie));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: "action_forbidden" });
    const role = await middleware(page("/owners", cookie));
    expect(role.status).toBe(403);
    expect((await middleware(page("/", ""))).headers.get("x-user")).toBe("none");
  });
});

describe("protect, protectRoute, protectAction", () => {
  it("a server component: login redirect signed out, forbidden() or else notFound() without the permission", async () => {
    const orgauth = createOrgauth(configFor(host));
    requestHeaders.set("x-orgauth-current-path", "/team");
    await expect(orgauth.protect()).rejects.toMatchObject({ url: "/auth/login?return_to_path=%2Fteam" });
    requestHeaders.set("cookie", await signedInCookie());
    expect((await orgauth.protect({ permission: "write" })).email).toBe("ada@example.com");
    const denied = orgauth.protect({ permission: "write", orgId: "org-b" });
    await expect(denied).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    authInterrupts = false;
    await expect(orgauth.protect({ role: "Owner" })).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" });
  });

  it("a route handler answers 401 / 403 JSON; a server action returns the typed denial", async () => {
    const orgauth = createOrgauth(configFor(host));
    const GET = orgauth.protectRoute({ permission: "write", orgId: "org-b" }, async (_request, user) =>
      Response.json({ email: user.email }),
    );
    const anonymous = await GET(new Request(`${APP}/api/x`), {});
    expect(anonymous.status).toBe(401);
    const cookie = await signedInCookie();
    const forbidden = await GET(new Request(`${APP}/api/x`, { headers: { cookie } }), {});
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      error_code: "action_forbidden",
      message: "Requires the permission write in Org org-b.",
    });
    const action = orgauth.protectAction(
      { orgId: "org-c" },
      async (user, greeting: string) => `${greeting} ${user.email}`,
    );
    expect(await action("hi")).toMatchObject({ status: 401, error_code: "not_logged_in" });
    requestHeaders.set("cookie", cookie);
    expect(await action("hi")).toMatchObject({ status: 403, error_code: "user_not_in_org" });
    const open = orgauth.protectAction({}, async (user, greeting: string) => `${greeting} ${user.email}`);
    expect(await open("hi")).toBe("hi ada@example.com");
  });
});
