import { initBaseAuth } from "@propelauth/node";
import { authMiddleware, getRouteHandlers } from "@propelauth/nextjs/server/app-router";
import { decodeJwt } from "jose";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/emulator/index.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";
import { admin, Browser } from "./harness.js";

/**
 * The provider's own Next.js library (`@propelauth/nextjs` 0.3.17, unmodified) against the emulator, configured with
 * the environment variables it reads: its App Router route handlers and middleware are called with `Request`s as
 * Next.js would call them (no Next.js server). The browser's part — the hosted login on the emulator — is a cookie
 * jar posting the login form. Its tokens verify with `@propelauth/node` too.
 */
const APP = "http://localhost:3000";
const names = ["NEXT_PUBLIC_AUTH_URL", "PROPELAUTH_API_KEY", "PROPELAUTH_VERIFIER_KEY", "PROPELAUTH_REDIRECT_URI"];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
let verifierKey = "";

beforeAll(async () => {
  await admin.reset();
  verifierKey = await (await fetch(`${inject("emulatorUrl")}/.well-known/verifier-key.pem`)).text();
  process.env.NEXT_PUBLIC_AUTH_URL = inject("emulatorUrl");
  process.env.PROPELAUTH_API_KEY = inject("emulatorApiKey");
  // As an .env file holds it: one line, the newlines written as \n (the library turns them back).
  process.env.PROPELAUTH_VERIFIER_KEY = verifierKey.trim().replace(/\n/g, "\\n");
  process.env.PROPELAUTH_REDIRECT_URI = `${APP}/api/auth/callback`;
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** The app's cookies, as a browser keeps them from the route handlers' Set-Cookie headers. */
class AppJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  request(path: string, init: { method?: string } = {}): NextRequest {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return new NextRequest(`${APP}${path}`, { method: init.method ?? "GET", headers: cookie ? { cookie } : {} });
  }
}

const handlers = getRouteHandlers();
const get = async (jar: AppJar, path: string) =>
  jar.take(await handlers.getRouteHandler(jar.request(path), { params: { slug: path.split(/[/?]/)[3]! } }));
const post = async (jar: AppJar, path: string) =>
  jar.take(
    await handlers.postRouteHandler(jar.request(path, { method: "POST" }), {
      params: { slug: path.split(/[/?]/)[3]! },
    }),
  );

/** The browser's trip through the hosted login: the authorize URL, the login form when asked, back with a code. */
async function hostedLogin(
  browser: Browser,
  authorizeUrl: string,
): Promise<{ callback: string; askedCredentials: boolean }> {
  const first = await browser.open(authorizeUrl);
  if (first.status === 302) return { callback: first.headers.get("Location")!, askedCredentials: false };
  const rt = /name="rt" value="([^"]+)"/.exec(await first.text())?.[1];
  const posted = await browser.open(`${inject("emulatorUrl")}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "ada@acme.example", password: DEMO_PASSWORD, rt: rt ?? "" }).toString(),
  });
  const back = await browser.open(new URL(posted.headers.get("Location")!, inject("emulatorUrl")).href);
  expect(back.status).toBe(302);
  return { callback: back.headers.get("Location")!, askedCredentials: true };
}

/** Logs in through the library's /api/auth/login and /api/auth/callback; returns the app's cookie jar. */
async function signIn(browser: Browser): Promise<{ jar: AppJar; askedCredentials: boolean }> {
  const jar = new AppJar();
  const login = await get(jar, "/api/auth/login?return_to_path=/dashboard");
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get("Location")!);
  expect(authorize.origin + authorize.pathname).toBe(`${inject("emulatorUrl")}/propelauth/ssr/authorize`);
  const { callback, askedCredentials } = await hostedLogin(browser, authorize.href);
  expect(callback.startsWith(`${APP}/api/auth/callback?`)).toBe(true);
  const done = await get(jar, callback.slice(APP.length));
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe("/dashboard");
  return { jar, askedCredentials };
}

describe("@propelauth/nextjs 0.3.17 against the emulator", () => {
  const browser = new Browser();
  let jar: AppJar;

  it("signs in: login → the hosted login → callback → the session in the app's cookies", async () => {
    const signedIn = await signIn(browser);
    jar = signedIn.jar;
    expect(signedIn.askedCredentials).toBe(true);
    expect(decodeJwt(jar.get("__pa_at")!)).toMatchObject({ email: "ada@acme.example", iss: inject("emulatorUrl") });
    expect(jar.get("__pa_rt")).toBeTruthy();
  });

  it("its middleware verifies the access token locally (no refresh) and refreshes when only the refresh token is left", async () => {
    const valid = await authMiddleware(jar.request("/dashboard"));
    expect(valid.headers.getSetCookie()).toEqual([]);
    const withoutAccess = new AppJar();
    withoutAccess.take(new Response(null, { headers: [["Set-Cookie", `__pa_rt=${jar.get("__pa_rt")}`]] }));
    const refreshed = await authMiddleware(withoutAccess.request("/dashboard"));
    const cookies = refreshed.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/__pa_at=ey/);
    expect(cookies).toMatch(/__pa_rt=/);
    expect(refreshed.headers.get("x-middleware-request-x-propelauth-access-token")).toMatch(/^ey/);
    jar.take(refreshed);
  });

  it("its userinfo route: the user, and an access token @propelauth/node accepts", async () => {
    const response = await get(jar, "/api/auth/userinfo");
    expect(response.status).toBe(200);
    const { userinfo, accessToken } = await response.json();
    expect(userinfo).toMatchObject({ user_id: DEMO_IDS.ada, email: "ada@acme.example" });
    expect(userinfo.org_id_to_org_info[DEMO_IDS.acme].user_role).toBe("Owner");
    const auth = initBaseAuth({
      authUrl: inject("emulatorUrl"),
      apiKey: inject("emulatorApiKey"),
      manualTokenVerificationMetadata: { verifierKey, issuer: inject("emulatorUrl") },
    });
    expect(await auth.validateAccessTokenAndGetUser(`Bearer ${accessToken}`)).toMatchObject({ userId: DEMO_IDS.ada });
  });

  it("its set-active-org route: an org token for that organisation", async () => {
    const response = await post(jar, `/api/auth/set-active-org?active_org_id=${DEMO_IDS.acme}`);
    expect(response.status).toBe(200);
    expect((await response.json()).activeOrgId).toBe(DEMO_IDS.acme);
    expect(decodeJwt(jar.get("__pa_at")!).org_member_info).toMatchObject({ org_id: DEMO_IDS.acme });
    expect(jar.get("__pa_org_id")).toBe(DEMO_IDS.acme);
  });

  it("its logout route ends the session: the refresh token is dead and the next login asks for credentials", async () => {
    const refreshToken = jar.get("__pa_rt")!;
    const out = await post(jar, "/api/auth/logout");
    expect(out.status).toBe(200);
    expect(jar.get("__pa_rt")).toBeUndefined();
    const stale = new AppJar();
    stale.take(new Response(null, { headers: [["Set-Cookie", `__pa_rt=${refreshToken}`]] }));
    expect((await get(stale, "/api/auth/userinfo")).status).toBe(401);
    expect((await signIn(browser)).askedCredentials).toBe(true);
  });
});
