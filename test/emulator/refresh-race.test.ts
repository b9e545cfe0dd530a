import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { createEmulator, demoSeed, type TestEmulator } from "../../src/emulator/index.js";
import { SESSION_COOKIES, type ServerAuth, type ServerAuthOptions } from "../../src/server/index.js";
import { BrowserJar } from "../support/browser-jar.js";
import { type PageLoad, pageLoader } from "./page-load.js";
import { signedInAtAuthHost, signIn } from "./server-sign-in.js";

/**
 * Two instances of an app's server refreshing one session against a provider with strict rotation (the emulator
 * with `refreshTokenReuseSeconds: 0`: a replaced refresh token is refused at once). Two copies of the server module
 * in one process (the middleware and route bundles of one Next.js server) share one refresh; two processes
 * (serverless instances) cannot, and the one that loses the race must never delete the session the winner stored,
 * in either order of arrival. A session that is really dead is cleared on its second request.
 */
const APP = "http://localhost:3999";
const REFRESH = "/api/backend/v1/refresh_token";
const OWNER_EMAIL = "ada@acme.example";

let emulator: TestEmulator;
let options: ServerAuthOptions;
/** Refresh calls this process made to the emulator. */
let refreshCalls = 0;

beforeAll(async () => {
  emulator = await createEmulator({ seed: { ...demoSeed, settings: { refreshTokenReuseSeconds: 0 } } });
  options = {
    authUrl: emulator.url,
    apiKey: emulator.apiKey,
    verifierKey: emulator.tokenVerification.verifierKey,
    redirectUri: `${APP}/api/auth/callback`,
  };
}, 120_000);
afterAll(() => emulator?.stop());
beforeEach(async () => {
  await emulator.reset();
  refreshCalls = 0;
});

/** A separately loaded copy of the server module (its own module instance, as another bundle has). */
async function loadServerModule() {
  vi.resetModules();
  return import("../../src/server/index.js");
}

/** A server session of a module copy whose calls to the refresh endpoint are counted. */
function countingAuth(create: (options: ServerAuthOptions) => ServerAuth): ServerAuth {
  return create({
    ...options,
    fetch: (input, init) => {
      if (new URL(input instanceof Request ? input.url : String(input)).pathname === REFRESH) refreshCalls++;
      return fetch(input, init);
    },
  });
}

/** A browser signed in to the app whose access token is gone (expired): its next request must refresh. */
async function sessionToRefresh(auth: ServerAuth): Promise<BrowserJar> {
  const jar = new BrowserJar();
  await signIn(jar, await signedInAtAuthHost(emulator.url), auth, APP, "/");
  jar.cookies.delete(SESSION_COOKIES.accessToken);
  expect(jar.cookies.has(SESSION_COOKIES.refreshToken)).toBe(true);
  return jar;
}

/** True when a `Set-Cookie` line deletes the refresh token. */
const deletesRefreshToken = (lines: string[]) =>
  lines.some((line) => line.startsWith(`${SESSION_COOKIES.refreshToken}=`) && line.includes("Max-Age=0"));

describe("two copies of the server module in one process", () => {
  let copies: [ServerAuth, ServerAuth];
  beforeAll(async () => {
    const [first, second] = [await loadServerModule(), await loadServerModule()];
    expect(first.createServerAuth).not.toBe(second.createServerAuth);
    copies = [countingAuth(first.createServerAuth), countingAuth(second.createServerAuth)];
  });

  for (const order of [
    [0, 1],
    [1, 0],
  ] as const) {
    it(`share one refresh: copy ${order[0] + 1} first, then copy ${order[1] + 1} with the same old cookies`, async () => {
      const [first, second] = [copies[order[0]], copies[order[1]]];
      const jar = await sessionToRefresh(first);
      const winner = await first.handleRequest(jar.request(`${APP}/a`));
      const late = await second.handleRequest(jar.request(`${APP}/b`));
      expect([winner.user?.email, late.user?.email]).toEqual(["ada@acme.example", "ada@acme.example"]);
      expect(deletesRefreshToken(late.setCookies)).toBe(false);
      expect(refreshCalls).toBe(1);
      jar.take(winner);
      jar.take(late);
      expect((await second.handleRequest(jar.request(`${APP}/c`))).user?.email).toBe("ada@acme.example");
    });
  }

  it("share one refresh when both arrive at once", async () => {
    const jar = await sessionToRefresh(copies[0]);
    const updates = await Promise.all(copies.map((auth) => auth.handleRequest(jar.request(`${APP}/page`))));
    expect(updates.map((update) => update.user?.email)).toEqual(["ada@acme.example", "ada@acme.example"]);
    expect(refreshCalls).toBe(1);
  });
});

describe("set-active-org on a strict provider", () => {
  it("an org the user is not in, with an expired access token: 400 user_not_in_org, and the user stays signed in", async () => {
    const auth = countingAuth((await loadServerModule()).createServerAuth);
    const jar = await sessionToRefresh(auth);
    const response = await jar.send(auth, `${APP}/api/auth/set-active-org?active_org_id=org-not-joined`, {
      method: "POST",
      headers: { Origin: APP },
    });
    expect([response.status, (await response.json()).error_code]).toEqual([400, "user_not_in_org"]);
    expect((await auth.readSession(jar.request(`${APP}/`)))?.email).toBe("ada@acme.example");
    expect((await auth.handleRequest(jar.request(`${APP}/page`))).user?.email).toBe("ada@acme.example");
  });
});

/** A server instance in its own process. */
interface Instance {
  handle(cookie: string): Promise<{ setCookies: string[]; email: string | null }>;
  /** A page load of `path` (under `/app/`) through the Next.js middleware. */
  loadPage(path: string, cookie: string): Promise<PageLoad>;
  stop(): Promise<void>;
}

/** Starts test/emulator/server-instance.ts with this suite's options; resolves once it listens. */
async function startInstance(): Promise<Instance> {
  const child: ChildProcess = spawn(
    join(repoRoot, "node_modules", ".bin", "tsx"),
    [join(repoRoot, "test", "emulator", "server-instance.ts")],
    {
      cwd: repoRoot,
      stdio: ["pipe", "pipe", "inherit"],
      env: { ...process.env, ORGAUTH_SERVER_OPTIONS: JSON.stringify(options) },
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`the server instance exited: ${output}`)));
  });
  return {
    async handle(cookie) {
      const response = await fetch(`${url}/page`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return response.json();
    },
    async loadPage(path, cookie) {
      const response = await fetch(`${url}${path}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return response.json();
    },
    async stop() {
      child.stdin?.end();
      await exited;
    },
  };
}

describe("two server processes", () => {
  let other: Instance;
  let here: ServerAuth;
  beforeAll(async () => {
    other = await startInstance();
    here = countingAuth((await loadServerModule()).createServerAuth);
  }, 120_000);
  afterAll(() => other?.stop());

  /** This process's answer in the shape of the other's. */
  const handleHere = async (cookie: string) => {
    const update = await here.handleRequest(new Request(`${APP}/page`, { headers: { cookie } }));
    return { setCookies: update.setCookies, email: update.user?.email ?? null };
  };

  for (const hereFirst of [false, true]) {
    it(`the loser of the rotation race never deletes the winner's session (${hereFirst ? "this process" : "the other process"} first)`, async () => {
      const jar = await sessionToRefresh(here);
      const cookie = jar.header(`${APP}/page`);
      const [first, second] = hereFirst ? [handleHere, other.handle] : [other.handle, handleHere];
      const winner = await first(cookie);
      const loser = await second(cookie);
      expect(winner.email).toBe("ada@acme.example");
      // the loser reads as signed out and deletes nothing
      expect(loser.email).toBeNull();
      expect(deletesRefreshToken(loser.setCookies)).toBe(false);
      // the loser's answer lands after the winner's: the browser keeps the winner's session
      jar.take(winner);
      jar.take(loser);
      expect((await handleHere(jar.header(`${APP}/page`))).email).toBe("ada@acme.example");
      expect((await other.handle(jar.header(`${APP}/page`))).email).toBe("ada@acme.example");
    });
  }

  it("a session ended at the auth host is retried twice, then ended by either process without deleting the refresh token", async () => {
    const jar = await sessionToRefresh(here);
    const logout = await fetch(`${emulator.url}/api/backend/v1/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${emulator.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: jar.cookies.get(SESSION_COOKIES.refreshToken)?.value }),
    });
    expect(logout.status).toBe(204);
    for (const handle of [other.handle, handleHere, other.handle]) {
      const refused = await handle(jar.header(`${APP}/page`));
      expect([refused.email, deletesRefreshToken(refused.setCookies)]).toEqual([null, false]);
      jar.take(refused);
    }
    expect([...jar.cookies.keys()].sort()).toEqual([SESSION_COOKIES.refreshToken, "__pa_rt_refused"]);
    const callsBefore = refreshCalls;
    expect((await handleHere(jar.header(`${APP}/page`))).email).toBeNull();
    expect(refreshCalls).toBe(callsBefore);
  });

  it("same-instant page loads on both processes across 5 expiries: no trip to the hosted login, no session lost", async () => {
    const loadHere = pageLoader(here, APP);
    const jar = await sessionToRefresh(here);
    let trips = 0;
    /** One browser page load on one process, following the retry page's `Refresh` as a browser does. */
    const load = async (side: (path: string, cookie: string) => Promise<PageLoad>): Promise<PageLoad> => {
      let answer = await side("/app/page", jar.header(`${APP}/app/page`));
      for (let hop = 0; hop < 3 && answer.refresh !== null; hop++) {
        jar.take(answer);
        await new Promise((resolve) => setTimeout(resolve, Number(answer.refresh) * 1000));
        answer = await side("/app/page", jar.header(`${APP}/app/page`));
      }
      jar.take(answer);
      if (answer.status >= 300 && answer.status < 400) trips++;
      return answer;
    };
    for (let expiry = 1; expiry <= 5; expiry++) {
      jar.cookies.delete(SESSION_COOKIES.accessToken);
      const loads = await Promise.all([load(loadHere), load(other.loadPage)]);
      expect([expiry, ...loads.map((answer) => answer.email)]).toEqual([expiry, OWNER_EMAIL, OWNER_EMAIL]);
    }
    expect(trips).toBe(0);
    for (const side of [loadHere, other.loadPage]) expect((await load(side)).email).toBe(OWNER_EMAIL);
  }, 30_000);
});
