/**
 * Every fault against the session calls (refresh, logout, org token) on a real HTTP server, from a logged-in
 * client: each settles with its typed outcome, and a valid token is never dropped because of a failure.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAuthClient,
  createServerEnvironment,
  LogoutError,
  RefreshError,
  type AuthClient,
} from "../../src/session/index.js";
import { refusedUrl, startFaultServers, type FaultServer } from "./fault-server.js";
import { deadlineFor, FAULTS, type FaultName } from "./faults.js";
import { expectCleanProcess, guardProcess } from "./guards.js";

guardProcess();
let servers: Awaited<ReturnType<typeof startFaultServers>>;
let auth: FaultServer;
let closedUrl: string;
let client: AuthClient | null = null;
beforeAll(async () => {
  servers = await startFaultServers();
  auth = servers.auth;
  closedUrl = await refusedUrl();
});
afterEach(() => {
  client?.destroy();
  client = null;
  auth.fault = null;
});
afterAll(() => servers.close());

/**
 * A logged-in client in a browser-like environment on Node's fetch and timers. For "connection refused" its fetch
 * sends session calls to a closed port once `refuse` is set.
 */
async function loggedInClient(refuse: { on: boolean }, timeoutMs: number) {
  const environment = createServerEnvironment({
    isBrowser: true,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      return globalThis.fetch(refuse.on ? `${closedUrl}${url.pathname}${url.search}` : url.href, init);
    },
  });
  const created = createAuthClient({
    authUrl: auth.url,
    environment,
    timeoutMs,
    retryDelaysMs: [5],
    maxRetryAfterMs: 100,
  });
  client = created;
  const first = await created.getAuthInfo();
  expect(first).not.toBeNull();
  return { client: created, token: first!.accessToken };
}

/** The refresh outcome each fault must have: a RefreshError of this kind (and status), or a fresh session. */
const REFRESH: Record<FaultName, { kind: string; status?: number } | "session"> = {
  "connection refused": { kind: "network", status: 503 },
  "reset mid-body": { kind: "network", status: 503 },
  "body stalled after headers": { kind: "timeout" },
  hang: { kind: "timeout" },
  "truncated JSON": { kind: "parse", status: 500 },
  "wrong types": { kind: "parse", status: 500 },
  "empty 200": { kind: "parse", status: 500 },
  "204": { kind: "parse", status: 500 },
  "HTML 502": { kind: "http", status: 502 },
  "non-error JSON 502": { kind: "http", status: 502 },
  "non-error JSON 504": { kind: "http", status: 504 },
  "429 with Retry-After": { kind: "http", status: 429 },
  "5 MB body": "session",
  "non-UTF-8 bytes": "session", // the bytes land inside the token string as U+FFFD
  "__proto__ / constructor keys": "session",
  "prototype names as org ids": "session",
  "membership without its role list": { kind: "parse", status: 500 },
  "cross-origin 302": { kind: "redirect", status: 302 },
  "properties nested 5 000 deep": "session",
};

/** Each prototype-named org is an org of the user (`__proto__` dropped by the schema), and no prototype changed. */
function expectPrototypeOrgIds(c: AuthClient) {
  const snapshot = c.getSnapshot();
  const orgs = snapshot.status === "logged_in" ? snapshot.authInfo.orgIdToOrgMembership : {};
  expect(Object.getPrototypeOf(orgs)).toBe(Object.prototype);
  expect(Object.keys(orgs)).toEqual(expect.arrayContaining(["o1", "constructor", "toString", "hasOwnProperty"]));
}

/** After a failure the session is still there, with a token that is still valid. */
async function expectSessionKept(c: AuthClient, token: string) {
  const snapshot = c.getSnapshot();
  expect(snapshot.status).toBe("logged_in");
  const info = await c.getAuthInfo();
  expect(info?.accessToken).toBe(token);
  expect(info!.expiresAtSeconds * 1000).toBeGreaterThan(Date.now());
}

describe.each(FAULTS.map((fault) => [fault.name, fault] as const))("session calls: %s", (name, fault) => {
  const refuse = { on: false };
  const inject = () => {
    refuse.on = name === "connection refused";
    auth.fault = fault;
  };
  afterEach(() => {
    refuse.on = false;
  });

  it("refresh() settles with AuthInfo or a typed RefreshError; a valid token is never dropped", async () => {
    const { client: c, token } = await loggedInClient(refuse, deadlineFor(name));
    inject();
    const outcome = await c.refresh().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    auth.fault = null;
    refuse.on = false;
    const expected = REFRESH[name];
    if (expected === "session") {
      expect(outcome).toMatchObject({ value: { user: { userId: "u1" } } });
      expect(c.getSnapshot().status).toBe("logged_in");
      expect(
        Object.getPrototypeOf((outcome as { value: { user: { properties: object } } }).value.user.properties),
      ).toBe(Object.prototype);
      if (name === "prototype names as org ids") expectPrototypeOrgIds(c);
    } else {
      expect("error" in outcome && outcome.error).toBeInstanceOf(RefreshError);
      expect((outcome as { error: RefreshError }).error).toMatchObject(expected);
      if (name === "429 with Retry-After") expect((outcome as { error: RefreshError }).error.retryAfterMs).toBe(1000);
      await expectSessionKept(c, token);
    }
    expect(servers.other.requests).toEqual([]);
    await expectCleanProcess();
  });

  it("getAccessTokenForOrg() settles with a result, never a rejection; the main session is untouched", async () => {
    const { client: c, token } = await loggedInClient(refuse, deadlineFor(name));
    inject();
    const result = await c.getAccessTokenForOrg("o1");
    auth.fault = null;
    refuse.on = false;
    if (REFRESH[name] === "session") expect(result).toMatchObject({ ok: true });
    else expect(result).toEqual({ ok: false, error: "unexpected_error" });
    await expectSessionKept(c, token);
    expect(servers.other.requests).toEqual([]);
    await expectCleanProcess();
  });

  it("logout() settles: a 2xx ends the session, anything else is a LogoutError and keeps it", async () => {
    const { client: c, token } = await loggedInClient(refuse, deadlineFor(name));
    inject();
    const outcome = await c.logout().then(
      () => ({ ok: true as const }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    auth.fault = null;
    refuse.on = false;
    const answeredOk = [
      "wrong types",
      "empty 200",
      "204",
      "5 MB body",
      "non-UTF-8 bytes",
      "__proto__ / constructor keys",
      "prototype names as org ids",
      "membership without its role list",
      "properties nested 5 000 deep",
      "truncated JSON",
    ].includes(name);
    if (answeredOk) {
      expect(outcome).toEqual({ ok: true });
      expect(c.getSnapshot().status).toBe("logged_out");
    } else {
      expect(outcome.ok).toBe(false);
      expect((outcome as { error: unknown }).error).toBeInstanceOf(LogoutError);
      await expectSessionKept(c, token);
    }
    expect(servers.other.requests).toEqual([]);
    await expectCleanProcess();
  });
});
