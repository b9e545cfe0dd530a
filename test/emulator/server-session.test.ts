import { rm } from "node:fs/promises";
import { initBaseAuth } from "@propelauth/node";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createEmulator, DEMO_PASSWORD, demoSeed, type TestEmulator } from "../../src/emulator/index.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";
import { defaultSettings } from "../../src/emulator/store/settings.js";
import { SSR_CODE_SECONDS } from "../../src/emulator/store/ssr-sessions.js";
import * as server from "../../src/generated/server-operations.js";
import { ApiError } from "../../src/transport/index.js";
import { createServerTransport } from "../../src/transport/server-transport.js";
import { freshDataDir } from "../support/fresh-data-dir.js";
import {
  admin,
  APP_CALLBACK,
  authorizeCode,
  Browser,
  exchanges,
  loggedIn,
  serverSession,
  serverTransport,
} from "./harness.js";

/**
 * The server-side session on the emulator: the authorize page (its pages through Prism's validating proxy; its
 * redirect directly, since the proxy follows redirects), the code's rules, refresh-token rotation and its reuse
 * window, logout ending the sign-in, tokens a backend verifies with `@propelauth/node`, and the integration API key.
 */
beforeEach(() => admin.reset());
afterAll(() => {
  expect(exchanges.filter((e) => e.violation !== null || e.status === 422)).toEqual([]);
});

const authorizeUrl = (base: string, query: Record<string, string>) =>
  server.ssrAuthorizeUrl(base, { redirect_uri: APP_CALLBACK, state: "st4te", ...query });

describe("GET /propelauth/ssr/authorize", () => {
  it("signed out: the hosted login page (signup with signup=true), through the proxy; its form comes back here", async () => {
    const browser = new Browser();
    const login = await browser.navigate(authorizeUrl(inject("proxyUrl"), {}));
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain("<title>Log in");
    const rt = /name="rt" value="([^"]+)"/.exec(html)?.[1];
    expect(new URL(Buffer.from(rt!, "base64").toString("utf8")).pathname).toBe("/propelauth/ssr/authorize");
    const signup = await browser.navigate(authorizeUrl(inject("proxyUrl"), { signup: "true" }));
    expect(await signup.text()).toContain("<title>Create an account");
  });

  it("after the hosted login form, comes back and redirects to redirect_uri with the code and the state", async () => {
    const browser = new Browser();
    const start = authorizeUrl(inject("emulatorUrl"), { state: "abc123" });
    const html = await (await browser.open(start)).text();
    const rt = /name="rt" value="([^"]+)"/.exec(html)![1]!;
    const posted = await browser.open(`${inject("emulatorUrl")}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@acme.example", password: DEMO_PASSWORD, rt }).toString(),
    });
    expect(posted.status).toBe(303);
    const back = await browser.open(new URL(posted.headers.get("Location")!, inject("emulatorUrl")).href);
    expect(back.status).toBe(302);
    const target = new URL(back.headers.get("Location")!);
    expect(target.origin + target.pathname).toBe(APP_CALLBACK);
    expect(target.searchParams.get("state")).toBe("abc123");
    expect(target.searchParams.get("code")).toMatch(/^[\w-]{20,}$/);
  });

  it.each([
    ["a redirect URI on a foreign origin", "https://evil.example/callback", "Redirect URI not allowed"],
    ["a redirect URI that is not a URL", "/api/auth/callback", "Redirect URI not allowed"],
  ])("refuses %s with an error page, never a redirect (through the proxy)", async (_, redirectUri, title) => {
    const browser = await loggedIn("ada@acme.example");
    const response = await browser.navigate(authorizeUrl(inject("proxyUrl"), { redirect_uri: redirectUri }));
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.text()).toContain(`<title>${title}`);
  });

  it("refuses a request without a state with an error page (on the emulator: the proxy refuses it itself)", async () => {
    const browser = await loggedIn("ada@acme.example");
    const query = new URLSearchParams({ redirect_uri: APP_CALLBACK });
    const response = await browser.open(`${inject("emulatorUrl")}/propelauth/ssr/authorize?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.text()).toContain("<title>Invalid request");
  });
});

describe("codes and refresh tokens", () => {
  it("tokens from the flow verify with @propelauth/node: the user token and the org token", async () => {
    const { access_token, refresh_token } = await serverSession("ada@acme.example");
    const auth = initBaseAuth({
      authUrl: inject("emulatorUrl"),
      apiKey: inject("emulatorApiKey"),
      manualTokenVerificationMetadata: await verificationMetadata(),
    });
    const user = await auth.validateAccessTokenAndGetUser(`Bearer ${access_token}`);
    expect(user).toMatchObject({ userId: DEMO_IDS.ada, email: "ada@acme.example" });
    expect(user.orgIdToOrgMemberInfo?.[DEMO_IDS.acme]?.userAssignedRole).toBe("Owner");
    const org = await server.backendRefreshToken(serverTransport(), {
      query: { with_active_org_support: true, active_org_id: DEMO_IDS.acme },
      body: { refresh_token },
    });
    const orgUser = await auth.validateAccessTokenAndGetUserWithOrgInfo(`Bearer ${org.access_token.access_token}`, {
      orgId: DEMO_IDS.acme,
    });
    expect(orgUser.user.activeOrgId).toBe(DEMO_IDS.acme);
    expect(orgUser.orgMemberInfo.orgName).toBe("Acme Inc.");
  });

  it("a rotated refresh token works again inside the reuse window (parallel refreshes), not after it", async () => {
    let clock = Date.now();
    const emulator = await createEmulator({ seed: demoSeed, now: () => new Date(clock) });
    try {
      const t = createServerTransport({ authUrl: emulator.url, apiKey: emulator.apiKey });
      const { refresh_token } = await codeExchange(emulator, t);
      const parallel = await Promise.all(
        [1, 2, 3].map(() => server.backendRefreshToken(t, { body: { refresh_token } })),
      );
      expect(new Set(parallel.map((p) => p.refresh_token)).size).toBe(3);
      clock += (defaultSettings.refreshTokenReuseSeconds + 1) * 1000;
      await expect(server.backendRefreshToken(t, { body: { refresh_token } })).rejects.toMatchObject({
        status: 401,
        code: "not_logged_in",
      });
      const fresh = await server.backendRefreshToken(t, { body: { refresh_token: parallel[0]!.refresh_token } });
      expect(fresh.access_token.expires_at_seconds).toBeGreaterThan(clock / 1000);
    } finally {
      await emulator.stop();
    }
  });

  it("strict rotation (refreshTokenReuseSeconds 0) refuses a replaced refresh token at once", async () => {
    const emulator = await createEmulator({ seed: { ...demoSeed, settings: { refreshTokenReuseSeconds: 0 } } });
    try {
      const t = createServerTransport({ authUrl: emulator.url, apiKey: emulator.apiKey });
      const { refresh_token } = await codeExchange(emulator, t);
      const next = await server.backendRefreshToken(t, { body: { refresh_token } });
      await expect(server.backendRefreshToken(t, { body: { refresh_token } })).rejects.toMatchObject({
        status: 401,
        code: "not_logged_in",
      });
      // an org the user is not in is refused before the rotation: the token still works afterwards
      await expect(
        server.backendRefreshToken(t, {
          query: { with_active_org_support: true, active_org_id: "not-an-org" },
          body: { refresh_token: next.refresh_token },
        }),
      ).rejects.toMatchObject({ status: 400, code: "bad_request" });
      expect(
        (await server.backendRefreshToken(t, { body: { refresh_token: next.refresh_token } })).refresh_token,
      ).toBeTruthy();
    } finally {
      await emulator.stop();
    }
  });

  it("a code expires after its lifetime", async () => {
    let clock = Date.now();
    const emulator = await createEmulator({ seed: demoSeed, now: () => new Date(clock) });
    try {
      const t = createServerTransport({ authUrl: emulator.url, apiKey: emulator.apiKey });
      const code = await emulatorCode(emulator);
      clock += (SSR_CODE_SECONDS + 1) * 1000;
      await expect(server.ssrToken(t, { body: { redirect_uri: APP_CALLBACK, code } })).rejects.toMatchObject({
        status: 400,
        code: "bad_request",
      });
    } finally {
      await emulator.stop();
    }
  });

  it("logout ends the sign-in: the refresh token is refused and the next authorize asks for credentials", async () => {
    const browser = await loggedIn("ada@acme.example");
    const code = await authorizeCode(browser);
    const { refresh_token } = await server.ssrToken(serverTransport(), { body: { redirect_uri: APP_CALLBACK, code } });
    const rotated = await server.backendRefreshToken(serverTransport(), { body: { refresh_token } });
    await server.backendLogout(serverTransport(), { body: { refresh_token: rotated.refresh_token } });
    await expect(
      server.backendRefreshToken(serverTransport(), { body: { refresh_token: rotated.refresh_token } }),
    ).rejects.toBeInstanceOf(ApiError);
    const again = await browser.open(authorizeUrl(inject("emulatorUrl"), {}));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("<title>Log in");
  });

  it("a disabled user's refresh token is refused", async () => {
    const { refresh_token } = await serverSession("alan@acme.example");
    await admin.updateUser(DEMO_IDS.alan, { enabled: false });
    await expect(server.backendRefreshToken(serverTransport(), { body: { refresh_token } })).rejects.toMatchObject({
      code: "not_logged_in",
    });
  });
});

describe("the integration API key", () => {
  it("is the one given (apiKey), kept with the data across restarts (dataDir) when none is given", async () => {
    const dataDir = freshDataDir("orgauth-api-key-");
    try {
      const first = await createEmulator({ dataDir });
      const made = first.apiKey;
      await first.stop();
      const second = await createEmulator({ dataDir });
      expect(second.apiKey).toBe(made);
      await second.stop();
      const third = await createEmulator({ dataDir, apiKey: "my-team-key-123" });
      expect(third.apiKey).toBe("my-team-key-123");
      const refused = await fetch(`${third.url}/api/backend/v1/logout`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${made}` },
        body: JSON.stringify({ refresh_token: "x" }),
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error_code: "invalid_api_key" });
      await third.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("missing or malformed Authorization is 401 invalid_api_key", async () => {
    for (const authorization of [undefined, "Basic abc", `Bearer`, `Bearer ${inject("emulatorApiKey")}x`]) {
      const response = await fetch(`${inject("emulatorUrl")}/propelauth/ssr/token`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(authorization && { Authorization: authorization }) },
        body: JSON.stringify({ redirect_uri: APP_CALLBACK, code: "c" }),
      });
      expect(response.status, authorization).toBe(401);
      expect(await response.json()).toMatchObject({ error_code: "invalid_api_key" });
    }
  });

  it("refuses a key too short or with white space", async () => {
    await expect(createEmulator({ apiKey: "short" })).rejects.toThrow(/integration API key/);
  });
});

/** The emulator's verifier key and issuer, as its well-known PEM and origin publish them. */
async function verificationMetadata() {
  const verifierKey = await (await fetch(`${inject("emulatorUrl")}/.well-known/verifier-key.pem`)).text();
  return { verifierKey, issuer: new URL(inject("emulatorUrl")).origin };
}

/** A code from a dedicated emulator, for Ada (password login, then the authorize page). */
async function emulatorCode(emulator: TestEmulator): Promise<string> {
  const jar: string[] = [];
  const login = await fetch(`${emulator.url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  for (const line of login.headers.getSetCookie()) jar.push(line.split(";")[0]!);
  const response = await fetch(authorizeUrl(emulator.url, {}), {
    redirect: "manual",
    headers: { Cookie: jar.join("; ") },
  });
  return new URL(response.headers.get("Location")!).searchParams.get("code")!;
}

async function codeExchange(emulator: TestEmulator, t: ReturnType<typeof createServerTransport>) {
  return server.ssrToken(t, { body: { redirect_uri: APP_CALLBACK, code: await emulatorCode(emulator) } });
}
