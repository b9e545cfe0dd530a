/**
 * The server transport's two ways to the auth host: node:http(s), its default on Node (src/transport/server-fetch.ts),
 * and fetch, when the app gives one or replaced the global one: which way a call goes, and the same bytes on the wire
 * either way (the failures, each on both ways: server-fetch-failures.test.ts).
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { describe, expect, it, vi } from "vitest";
import {
  clientOver,
  hostUrl,
  ORG,
  outcome,
  received,
  sockets,
  USER,
  useLoopbackAuthHost,
} from "./loopback-auth-host.js";

useLoopbackAuthHost();

/** Requests Node's fetch (undici) made while `run` ran. */
async function undiciRequests(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const counted = () => count++;
  subscribe("undici:request:create", counted);
  try {
    await run();
  } finally {
    unsubscribe("undici:request:create", counted);
  }
  return count;
}

/** The same calls, one of each method, with headers of the caller's given twice in other cases and with white space. */
async function someCalls(fetch: typeof globalThis.fetch | undefined): Promise<void> {
  const client = clientOver(fetch);
  const headers = { authorization: "Bearer other", "X-Extra": " spaced\t", "X-Latin": "café" };
  await client.fetchUserById({ path: { userId: USER }, query: { include_orgs: true } }, { headers });
  await client.createAccessToken({ body: { user_id: USER, duration_in_minutes: 5 } });
  await client.updateOrg({ path: { orgId: ORG }, body: { name: "Acme é ✓" } });
  await client.deleteUser({ path: { userId: USER } });
}

describe("which way a call goes", () => {
  it("on Node with no fetch given: over node:http, no request through Node's fetch", async () => {
    expect(await undiciRequests(() => someCalls(undefined))).toBe(0);
    expect(received).toHaveLength(4);
  });

  it("with a fetch given: through it", async () => {
    expect(await undiciRequests(() => someCalls(globalThis.fetch))).toBe(4);
  });

  it("with the global fetch replaced (a test's stub, an app's wrapper): through the replacement", async () => {
    const real = globalThis.fetch;
    const stub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => real(input, init));
    vi.stubGlobal("fetch", stub);
    try {
      await someCalls(undefined);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(stub).toHaveBeenCalledTimes(4);
  });

  it("with undici's global dispatcher set to another kind (a proxy, a mock): through fetch, which uses it", async () => {
    const key = Symbol.for("undici.globalDispatcher.1");
    const global = globalThis as unknown as Record<symbol, object | undefined>;
    await (await fetch(hostUrl())).text(); // Node's fetch makes its default dispatcher, an Agent
    const agent = global[key]!;
    const ProxyAgent = class extends (agent.constructor as new () => object) {};
    global[key] = new ProxyAgent();
    try {
      expect(await undiciRequests(() => someCalls(undefined))).toBe(4);
    } finally {
      global[key] = agent;
    }
  });
});

describe("on the wire", () => {
  it("node:http sends the bytes Node's fetch sends: method, path, headers in fetch's order and case, body", async () => {
    await someCalls(globalThis.fetch);
    const overFetch = received.splice(0);
    await someCalls(undefined);
    expect(received).toEqual(overFetch);
    expect(overFetch[0]![2]).toContain("Bearer integration-key, Bearer other");
  });

  it("a header value fetch refuses: the same refusal either way, nothing sent", async () => {
    const refused = (fetch: typeof globalThis.fetch | undefined) =>
      outcome(clientOver(fetch).deleteUser({ path: { userId: USER } }, { headers: { "X-Bad": "a\u0100b" } }));
    expect(await refused(undefined)).toEqual(await refused(globalThis.fetch));
    expect(await refused(undefined)).toMatchObject({ status: 0, kind: "network" });
    expect(received).toEqual([]);
  });

  it.each([["node:http", undefined] as const, ["fetch", globalThis.fetch] as const])(
    "%s: one connection for many calls (kept alive)",
    async (_, fetch) => {
      const before = sockets.opened;
      const client = clientOver(fetch);
      for (let call = 0; call < 20; call++) await client.deleteUser({ path: { userId: USER } });
      expect(sockets.opened - before).toBeLessThanOrEqual(1);
    },
  );
});
