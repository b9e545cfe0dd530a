import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { SESSION_REUSE_SECONDS } from "../../src/emulator/store/session-rotation.js";
import { freshDatabase, stageHasPostgres } from "../support/stage-postgres.js";

/**
 * The browser session's cookie: rotated on every refresh, the replaced one still working for a short reuse window
 * (tabs refreshing at once with the same cookie); a logout ends both; a new login in the same browser ends the
 * session it had. On PGlite (one emulator) and on PostgreSQL (two emulators on one database, the calls spread over
 * both). The emulator's clock is moved past the window instead of waiting.
 */
const ADA = "ada@acme.example";
const GRACE = "grace@acme.example";
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

interface Store {
  /** The emulators' URLs: calls alternate between them (one emulator twice on PGlite). */
  urls: [string, string];
  apiKey: string;
  /** Each emulator's reset (the same emulator twice on PGlite). */
  resets: [() => Promise<void>, () => Promise<void>];
  stop(): Promise<void>;
}

async function pgliteStore(): Promise<Store> {
  const database = new PGlite();
  const emulator = await startEmulator({ seed: demoSeed, database, now });
  return {
    urls: [emulator.url, emulator.url],
    apiKey: emulator.apiKey,
    resets: [emulator.reset, emulator.reset],
    stop: async () => {
      await emulator.stop();
      await database.close();
    },
  };
}

async function postgresStore(): Promise<Store> {
  const emulators: RunningEmulator[] = [];
  try {
    const connectionString = await freshDatabase("emulator_sessions");
    emulators.push(await startEmulator({ seed: demoSeed, connectionString, now }));
    emulators.push(await startEmulator({ seed: demoSeed, connectionString, now }));
  } catch (error) {
    for (const emulator of emulators) await emulator.stop();
    throw error;
  }
  const [first, second] = emulators as [RunningEmulator, RunningEmulator];
  return {
    urls: [first.url, second.url],
    apiKey: first.apiKey,
    resets: [first.reset, second.reset],
    stop: async () => {
      await second.stop();
      await first.stop();
    },
  };
}

/** The `__session` value a response sets, if it sets one. */
function setSession(response: Response): string | undefined {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  return line === undefined ? undefined : decodeURIComponent(line.slice("__session=".length).split(";")[0]!);
}

const withCookie = (session: string | undefined): Record<string, string> =>
  session === undefined ? {} : { Cookie: `__session=${encodeURIComponent(session)}` };

/** A password login, from a browser that holds `session` (or none); returns the new session. */
async function login(url: string, email: string, session?: string): Promise<string> {
  const answer = await fetch(`${url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-", ...withCookie(session) },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(answer.status).toBe(200);
  const cookie = setSession(answer);
  expect(cookie).toBeDefined();
  return cookie!;
}

/** GET /api/v1/refresh_token with a session cookie: its status and the new cookie it sets, if any. */
async function refresh(url: string, session: string): Promise<{ status: number; rotated: string | undefined }> {
  const answer = await fetch(`${url}/api/v1/refresh_token`, { headers: withCookie(session) });
  await answer.arrayBuffer();
  return { status: answer.status, rotated: setSession(answer) };
}

const logout = (url: string, session: string) =>
  fetch(`${url}/api/v1/logout`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...withCookie(session) },
    body: "{}",
  });

const stores: [string, () => Promise<Store>][] = [["PGlite", pgliteStore]];
if (stageHasPostgres()) stores.push(["PostgreSQL, two emulators", postgresStore]);
else it.skip("the session cookie on PostgreSQL (skipped: no PostgreSQL binaries — set PG_BIN)", () => undefined);

describe.each(stores)("the session cookie on %s", (_, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  }, 120_000);
  afterAll(() => store?.stop());

  it("is rotated by a refresh; the old one works inside the reuse window without a second rotation, then not at all", async () => {
    const [a, b] = store.urls;
    const first = await login(a, ADA);
    const rotated = await refresh(b, first);
    expect(rotated.status).toBe(200);
    expect(rotated.rotated).toBeDefined();
    expect(rotated.rotated).not.toBe(first);
    expect(await refresh(a, first)).toEqual({ status: 200, rotated: undefined });
    clockOffsetMs += (SESSION_REUSE_SECONDS + 1) * 1000;
    expect(await refresh(a, first)).toEqual({ status: 401, rotated: undefined });
    const again = await refresh(b, rotated.rotated!);
    expect(again.status).toBe(200);
    expect(again.rotated).toBeDefined();
    expect(new Set([first, rotated.rotated, again.rotated]).size).toBe(3);
  });

  it("sets the new cookie with the session's remaining lifetime, HttpOnly", async () => {
    const [a] = store.urls;
    const answer = await fetch(`${a}/api/v1/refresh_token`, { headers: withCookie(await login(a, ADA)) });
    const line = answer.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(line).toMatch(/HttpOnly/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(14 * 24 * 3600);
  });

  it("lets refreshes sent at once with one cookie (several tabs) all succeed; exactly one of them rotates it", async () => {
    const session = await login(store.urls[0], ADA);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refresh(store.urls[i % 2]!, session)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const rotated = answers.flatMap((answer) => (answer.rotated ? [answer.rotated] : []));
    expect(rotated).toHaveLength(1);
    clockOffsetMs += (SESSION_REUSE_SECONDS + 1) * 1000;
    expect((await refresh(store.urls[1], rotated[0]!)).status).toBe(200);
    expect((await refresh(store.urls[0], session)).status).toBe(401);
  });

  it("ends both cookies on logout, whichever of the two it is sent with", async () => {
    const [a, b] = store.urls;
    for (const logoutWith of ["new", "old"] as const) {
      const old = await login(a, ADA);
      const rotated = (await refresh(b, old)).rotated!;
      expect((await logout(a, logoutWith === "new" ? rotated : old)).status).toBe(200);
      expect((await refresh(b, old)).status, logoutWith).toBe(401);
      expect((await refresh(a, rotated)).status, logoutWith).toBe(401);
    }
  });

  it("ends the browser's previous session on a new login in it; a login in another browser leaves it", async () => {
    const [a, b] = store.urls;
    const previous = await login(a, ADA);
    const otherBrowser = await login(b, ADA);
    const next = await login(b, GRACE, previous);
    expect((await refresh(a, previous)).status).toBe(401);
    expect((await refresh(a, otherBrowser)).status).toBe(200);
    expect((await refresh(a, next)).status).toBe(200);
  });

  it("ends a rotated cookie's predecessor too when the browser logs in again with the new one", async () => {
    const [a, b] = store.urls;
    const old = await login(a, ADA);
    const rotated = (await refresh(b, old)).rotated!;
    await login(b, ADA, rotated);
    expect((await refresh(a, old)).status).toBe(401);
    expect((await refresh(a, rotated)).status).toBe(401);
  });

  it("keeps an app server's session tied to the browser session across rotations: its logout ends the new cookie", async () => {
    const [a, b] = store.urls;
    const session = await login(a, ADA);
    const redirectUri = "http://localhost:3000/api/auth/callback";
    const authorize = await fetch(
      `${a}/propelauth/ssr/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state: "st" })}`,
      { headers: withCookie(session), redirect: "manual" },
    );
    const code = new URL(authorize.headers.get("Location")!).searchParams.get("code");
    const server = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${store.apiKey}` },
        body: JSON.stringify(body),
      });
    const tokens = (await (await server(b, "/propelauth/ssr/token", { redirect_uri: redirectUri, code })).json()) as {
      refresh_token: string;
    };
    const rotated = (await refresh(b, session)).rotated!;
    expect(rotated).toBeDefined();
    expect((await server(a, "/api/backend/v1/logout", { refresh_token: tokens.refresh_token })).status).toBe(204);
    expect((await refresh(b, rotated)).status).toBe(401);
    expect((await refresh(b, session)).status).toBe(401);
  });

  it("resets at once on every emulator run one after the other: each ends with the seed's state, none fails", async () => {
    const [a] = store.urls;
    const [resetA, resetB] = store.resets;
    const results = await Promise.allSettled([resetA(), resetB(), resetA(), resetB()]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const session = await login(a, ADA);
    expect((await refresh(a, session)).status).toBe(200);
  });
});
