import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMiddleware } from "../../../src/nextjs/middleware.js";
import { createProtect } from "../../../src/nextjs/protect.js";
import { createServerAuth, SESSION_COOKIES, type ServerAuth } from "../../../src/server/index.js";
import { APP, appOptions, createFakeAuthHost, type FakeAuthHost, userClaims } from "../server/fake-auth-host.js";

/**
 * An auth-host outage is never a sign-out: the auth host unreachable (key set and refresh) for 60 s
 * starting 11 minutes after the last key fetch. The middleware of a warm instance (keys fetched before) and of a cold
 * one (never fetched) lets a valid token through and answers 503 for a protected path when it cannot read the user
 * (no key, or an expired token), never a login redirect; on a path it does not protect, the render's `readSession`
 * throws the retryable error (the page's error boundary). With the key set, not a PEM; the clock is a fake `Date`.
 */
let host: FakeAuthHost;
const PLACE = { origin: APP, basePath: "/api/auth", trustHost: false };

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  host = await createFakeAuthHost();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An instance's middleware protecting `/app(.*)`, verifying with the auth host's key set. */
function instance(): { auth: ServerAuth; middleware: ReturnType<typeof createMiddleware> } {
  const auth = createServerAuth(appOptions(host, { verifierKey: "" }));
  return {
    auth,
    middleware: createMiddleware(
      () => auth,
      () => PLACE,
      { protect: ["/app(.*)"] },
    ),
  };
}

/** A request of a browser whose access token expires in `expiresIn` seconds: a page load, or a fetch. */
async function request(path: string, expiresIn: number, page: boolean): Promise<NextRequest> {
  const claims = userClaims();
  const cookie = `${SESSION_COOKIES.accessToken}=${await host.sign(claims, { expiresIn })}; ${SESSION_COOKIES.refreshToken}=${host.newRefreshToken(claims)}`;
  return new NextRequest(`${APP}${path}`, { headers: { cookie, accept: page ? "text/html" : "application/json" } });
}

/** What the middleware answered: passed on, or its status (a login redirect would show as 3xx). */
async function outcome(middleware: ReturnType<typeof createMiddleware>, next: NextRequest): Promise<string> {
  const response = await middleware(next);
  if (response.headers.get("x-middleware-next") === "1") return "passed";
  return `${response.status} ${response.headers.get("location") ?? ""}`.trim();
}

describe("the auth host unreachable for 60 s, 11 minutes after the last key fetch", () => {
  it("warm and cold instances: a valid token passes, no key or an expired token is a 503, never a login", async () => {
    const warm = instance();
    expect(await outcome(warm.middleware, await request("/app/page", 3600, true))).toBe("passed");
    vi.setSystemTime(Date.now() + 11 * 60_000);
    host.behaviour.jwks = "down";
    host.behaviour.refresh = "down";
    const cold = instance();
    const seen = new Set<string>();
    for (let second = 0; second <= 60; second += 5) {
      for (const page of [true, false]) {
        const valid = await outcome(warm.middleware, await request("/app/page", 3600, page));
        const expired = await outcome(warm.middleware, await request("/app/page", -30, page));
        const coldValid = await outcome(cold.middleware, await request("/app/page", 3600, page));
        expect([valid, expired, coldValid]).toEqual(["passed", "503", "503"]);
        seen.add(`${valid}|${expired}|${coldValid}`);
      }
      vi.setSystemTime(Date.now() + 5000);
    }
    expect([...seen]).toEqual(["passed|503|503"]);
  });

  it("a 503 is typed and retryable; on an unprotected path the render's readSession throws it", async () => {
    const { auth, middleware } = instance();
    await middleware(await request("/app/page", 3600, true));
    vi.setSystemTime(Date.now() + 11 * 60_000);
    host.behaviour.jwks = "down";
    host.behaviour.refresh = "down";
    const api = await middleware(await request("/app/data", -30, false));
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("10");
    expect(await api.json()).toMatchObject({ error_code: "auth_unavailable", retryable: true });
    const pageLoad = await middleware(await request("/app/page", -30, true));
    expect([pageLoad.status, pageLoad.headers.get("content-type")]).toEqual([503, "text/html; charset=utf-8"]);
    const open = await middleware(await request("/about", -30, true));
    expect(open.headers.get("x-middleware-next")).toBe("1");
    const forwarded = new Headers();
    for (const [name, value] of open.headers) {
      if (name.startsWith("x-middleware-request-x-orgauth-")) forwarded.set(name.slice(21), value);
    }
    const render = new Request(`${APP}/about`, { headers: forwarded });
    await expect(auth.readSession(render)).rejects.toMatchObject({ type: "access_token", reason: "auth_unavailable" });
    // a route handler answers the typed 503, a server action returns it: neither reads as signed out
    const readers = {
      getUser: () => auth.readSession(render),
      getUserOrRedirect: () => Promise.reject(new Error("not used")),
      redirectToLogin: () => Promise.reject(new Error("not used")),
    };
    const { protectRoute, protectAction } = createProtect(() => auth, readers);
    const route = await protectRoute({}, () => new Response("secret"))(render, {});
    expect([route.status, (await route.json()).error_code]).toEqual([503, "auth_unavailable"]);
    expect(await protectAction({}, async () => "done")()).toMatchObject({ status: 503, retryable: true });
  });
});
