import { initBaseAuth } from "@propelauth/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_IDS, demoSeed } from "../../src/emulator/index.js";
import { createEmulator, type TestEmulator } from "../../src/emulator/index.js";
import {
  ACCESS_TOKEN_HEADER,
  createServerAuth,
  ERROR_HEADER,
  SESSION_COOKIES,
  type ServerAuth,
  type ServerAuthOptions,
} from "../../src/server/index.js";
import { BrowserJar, locationOf } from "../support/browser-jar.js";
import { signedInAtAuthHost as signedInAtEmulator, signIn as signInThrough } from "./server-sign-in.js";

/**
 * `orgauth/server` against the emulator's server side (no mocks): the whole login round trip through the hosted
 * login, tokens the provider's backend library accepts, renewal by parallel requests, the active org, userinfo,
 * logout at the auth host (the next login asks for credentials), and the named failures of a wrong API key and of
 * an auth URL on another host name than the tokens' issuer.
 */
const APP = "http://localhost:3999";
const REDIRECT_URI = `${APP}/api/auth/callback`;

let emulator: TestEmulator;
let options: ServerAuthOptions;
let auth: ServerAuth;
/** Calls the server session made to the emulator, by path. */
const calls: string[] = [];

beforeAll(async () => {
  emulator = await createEmulator({ seed: demoSeed });
  options = {
    authUrl: emulator.url,
    apiKey: emulator.apiKey,
    verifierKey: emulator.tokenVerification.verifierKey,
    redirectUri: REDIRECT_URI,
    fetch: (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    },
  };
  auth = createServerAuth(options);
}, 120_000);
afterAll(() => emulator?.stop());
beforeEach(async () => {
  await emulator.reset();
  calls.length = 0;
});

/** A browser signed in at the emulator, as the hosted login leaves it. */
const signedInAtAuthHost = () => signedInAtEmulator(emulator.url);

/** The app's login route → the emulator's authorize → back to the callback → the cookie check → the return path. */
const signIn = (jar: BrowserJar, authHost: typeof fetch, withAuth = auth, returnTo = "/dashboard") =>
  signInThrough(jar, authHost, withAuth, APP, returnTo);

describe("the server session on the emulator", () => {
  it("signs in through the hosted login; the server reads the user with no call; @propelauth/node accepts the token", async () => {
    const jar = new BrowserJar();
    const final = await signIn(jar, await signedInAtAuthHost());
    expect(locationOf(final)).toBe(`${APP}/dashboard`);
    calls.length = 0;
    const user = await auth.readSession(jar.request(`${APP}/dashboard`));
    expect(calls).toEqual([]);
    expect(user?.email).toBe("ada@acme.example");
    expect(user?.userId).toBe(DEMO_IDS.ada);
    expect(user?.getOrgs().length).toBeGreaterThan(0);
    expect(user?.loginMethod).toEqual({ loginMethod: "password" });

    // without a verifier key: the emulator's JWKS, fetched once
    const { verifierKey: _, ...withoutKey } = options;
    const viaJwks = createServerAuth(withoutKey);
    expect((await viaJwks.readSession(jar.request(`${APP}/`)))?.email).toBe("ada@acme.example");
    expect((await viaJwks.readSession(jar.request(`${APP}/`)))?.email).toBe("ada@acme.example");
    expect(calls).toEqual(["/.well-known/jwks.json"]);

    const vendor = initBaseAuth({
      authUrl: emulator.url,
      apiKey: "not-used-for-local-verification",
      manualTokenVerificationMetadata: emulator.tokenVerification,
    });
    const theirs = await vendor.validateAccessTokenAndGetUser(`Bearer ${user?.accessToken}`);
    expect([theirs.userId, theirs.email, Object.keys(theirs.orgIdToOrgMemberInfo ?? {}).sort()]).toEqual([
      user?.userId,
      user?.email,
      Object.keys(user?.orgIdToOrgMembership ?? {}).sort(),
    ]);
  });

  it("parallel requests that all renew share one refresh and stay signed in", async () => {
    const jar = new BrowserJar();
    await signIn(jar, await signedInAtAuthHost());
    // every request renews (the access token is gone)
    jar.cookies.delete(SESSION_COOKIES.accessToken);
    calls.length = 0;
    const updates = await Promise.all(
      Array.from({ length: 8 }, (_, index) => auth.handleRequest(jar.request(`${APP}/prefetch/${index}`))),
    );
    expect(calls.filter((path) => path === "/api/backend/v1/refresh_token")).toHaveLength(1);
    for (const update of updates) expect(update.user?.email).toBe("ada@acme.example");
    jar.take(updates[0]!);
    const fresh = updates[0]!.requestHeaders.get(ACCESS_TOKEN_HEADER);
    expect((await auth.readSession(jar.request(`${APP}/`)))?.accessToken).toBe(fresh);
    // the rotated refresh token renews again
    jar.cookies.delete(SESSION_COOKIES.accessToken);
    const next = await auth.handleRequest(jar.request(`${APP}/next`));
    expect(next.user?.email).toBe("ada@acme.example");
  });

  it("switches the active org, answers userinfo, and logs out at the auth host too", async () => {
    const jar = new BrowserJar();
    const authHost = await signedInAtAuthHost();
    await signIn(jar, authHost);
    const switched = await jar.send(auth, `${APP}/api/auth/set-active-org?active_org_id=${DEMO_IDS.globex}`, {
      method: "POST",
    });
    expect(switched.status).toBe(200);
    expect((await auth.readSession(jar.request(`${APP}/`)))?.activeOrgId).toBe(DEMO_IDS.globex);

    const info = await jar.send(auth, `${APP}/api/auth/userinfo`);
    expect(info.status).toBe(200);
    expect((await info.json()).userinfo.email).toBe("ada@acme.example");

    const logout = await jar.send(auth, `${APP}/api/auth/logout`, { method: "POST" });
    expect(logout.status).toBe(200);
    expect(await auth.readSession(jar.request(`${APP}/`))).toBeUndefined();
    // the next login asks for credentials: the hosted login page, not a redirect with a code
    const authorize = locationOf(await jar.send(auth, `${APP}/api/auth/login`));
    const again = await authHost(authorize);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("<form");
  });

  it("a wrong API key is a named failure page, not a loop", async () => {
    const wrongKey = createServerAuth({ ...options, apiKey: "not-the-key" });
    const response = await signIn(new BrowserJar(), await signedInAtAuthHost(), wrongKey);
    expect([response.status, response.headers.get(ERROR_HEADER), response.headers.get("location")]).toEqual([
      500,
      "invalid_api_key",
      null,
    ]);
  });

  it("an auth URL on another host name than the tokens' issuer is a named failure page, not a loop", async () => {
    const otherName = emulator.url.replace("127.0.0.1", "localhost");
    expect(otherName).not.toBe(emulator.url);
    const misnamed = createServerAuth({ ...options, authUrl: otherName });
    const authHost = await signedInAtAuthHost();
    const jar = new BrowserJar();
    const authorize = locationOf(await jar.send(misnamed, `${APP}/api/auth/login`));
    // the browser signed in at 127.0.0.1; it opens the authorize page on the emulator's own name
    const back = await authHost(authorize.replace(otherName, emulator.url));
    const response = await jar.send(misnamed, locationOf(back));
    expect(response.headers.get(ERROR_HEADER)).toBe("issuer_mismatch");
    expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(false);
  });
});
