/**
 * The server transport's two ways to the auth host: node:http(s), its default on Node (src/transport/server-fetch.ts),
 * and fetch, when the app gives one or replaced the global one. Every case runs on both against one loopback server:
 * the same bytes on the wire, the same typed outcome, the same deadline (which also closes the connection).
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, createBackendClient } from "../../../src/server/index.js";

const USER = "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec";
const ORG = "db3d2259-de43-402a-ab06-0de8cd905202";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
/** What the server received: method, URL, raw headers and body. */
type Received = [method: string, url: string, headers: string[], body: string];

const received: Received[] = [];
const sockets = { opened: 0 };
const closedSockets = new WeakSet<Socket>();
/** The connection of the last request the server received. */
let lastSocket: Socket | undefined;
const lastConnectionClosed = () => lastSocket !== undefined && closedSockets.has(lastSocket);
let handle: Handler = (_, response) => void response.writeHead(200).end("{}");
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk));
  request.on("end", () => {
    received.push([request.method ?? "", request.url ?? "", request.rawHeaders, body]);
    lastSocket = request.socket;
    handle(request, response);
  });
});
server.on("connection", (socket: Socket) => {
  sockets.opened++;
  socket.on("close", () => closedSockets.add(socket));
});
let base = "";

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

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  handle = (_, response) => void response.writeHead(200).end("{}");
  received.length = 0;
  lastSocket = undefined;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A backend client on the loopback server; `fetch` undefined is the default path. */
const clientOver = (fetch: typeof globalThis.fetch | undefined, timeoutMs = 10_000, backendUrl = base) =>
  createBackendClient({
    authUrl: base,
    backendUrl,
    apiKey: "integration-key",
    timeoutMs,
    validation: "off",
    ...(fetch && { fetch }),
  });

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
    await (await fetch(base)).text(); // Node's fetch makes its default dispatcher, an Agent
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

/** The outcome of a call: its data, or the error's type, status, code, kind and what caused it. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { data: await call };
  } catch (error) {
    const cause = (error as { cause?: { kind?: string; cause?: Error & { cause?: { code?: string } } } }).cause;
    const { status, code, retryAfterMs } = error as ApiError;
    const network = cause?.cause;
    return {
      error: error instanceof ApiError ? "ApiError" : error,
      ...{ status, code, retryAfterMs, kind: cause?.kind },
      ...(network instanceof TypeError && { network: [network.message, network.cause?.code] }),
    };
  }
}

/**
 * The body in each content coding fetch undoes (deflate zlib-wrapped and raw), and under a list naming one it does
 * not know: then fetch undoes none, and the bytes are no JSON.
 */
const answer = JSON.stringify({ org_id: ORG, name: "Ünïcödé" });
const CODINGS: [string, Buffer, readable: boolean][] = [
  ["gzip", gzipSync(answer), true],
  ["x-gzip", gzipSync(answer), true],
  ["deflate", deflateSync(answer), true],
  ["deflate", deflateRawSync(answer), true],
  ["br", brotliCompressSync(answer), true],
  ["gzip, br", brotliCompressSync(gzipSync(answer)), true],
  ["identity", Buffer.from(answer), true],
  ["compress, gzip", gzipSync(answer), false],
];

describe.each([["node:http", undefined] as const, ["fetch", globalThis.fetch] as const])("over %s", (_, fetch) => {
  const fetchOrg = (timeoutMs = 5_000) => clientOver(fetch, timeoutMs).fetchOrg({ path: { orgId: ORG } });

  it("a stalled answer: rejected at the deadline, and the server sees the connection closed", async () => {
    handle = () => undefined;
    expect(await outcome(fetchOrg(1_000))).toEqual({
      error: "ApiError",
      status: 0,
      code: "unexpected_error",
      kind: "timeout",
    });
    await expect.poll(lastConnectionClosed).toBe(true);
  });

  it("a stalled body: rejected at the deadline (the whole call is under it), the connection closed", async () => {
    handle = (_, response) => void response.writeHead(200, { "Content-Length": "100" }).write('{"org_id"');
    expect(await outcome(fetchOrg(1_000))).toMatchObject({ status: 0, kind: "timeout" });
    await expect.poll(lastConnectionClosed).toBe(true);
  });

  it("the caller's abort: rejects with the caller's reason, the connection closed", async () => {
    handle = () => undefined;
    const caller = new AbortController();
    const call = clientOver(fetch).fetchOrg({ path: { orgId: ORG } }, { signal: caller.signal });
    await expect.poll(() => received.length).toBe(1);
    const reason = new Error("the visitor left");
    caller.abort(reason);
    await expect(call).rejects.toBe(reason);
    await expect.poll(lastConnectionClosed).toBe(true);
  });

  it("a refused connection: a network failure whose cause is fetch's TypeError with the refusal", async () => {
    const closedPort = createServer();
    await new Promise<void>((resolve) => closedPort.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closedPort.address() as AddressInfo).port}`;
    await new Promise((resolve) => closedPort.close(resolve));
    expect(await outcome(clientOver(fetch, 5_000, url).fetchOrg({ path: { orgId: ORG } }))).toEqual({
      ...{ error: "ApiError", status: 0, code: "unexpected_error", kind: "network" },
      network: ["fetch failed", "ECONNREFUSED"],
    });
  });

  it("a connection reset before the answer and during the body: network failures", async () => {
    handle = (request) => request.socket.destroy();
    const reset = { status: 0, kind: "network" };
    expect(await outcome(fetchOrg())).toMatchObject({ ...reset, network: ["fetch failed", expect.any(String)] });
    handle = (request, response) => {
      response.writeHead(200, { "Content-Length": "100" }).write('{"org_id"');
      setTimeout(() => request.socket.destroy(), 20);
    };
    expect(await outcome(fetchOrg())).toMatchObject({ ...reset, network: ["terminated", expect.any(String)] });
  });

  it("a non-JSON body, a 429 with Retry-After and a redirect (not followed): their typed errors", async () => {
    handle = (_, response) => void response.writeHead(200, { "Content-Type": "text/html" }).end("<html>");
    expect(await outcome(fetchOrg())).toEqual({ error: "ApiError", status: 200, code: "unexpected_error" });
    handle = (_, response) => void response.writeHead(429, { "Retry-After": "2" }).end("Slow down");
    expect(await outcome(fetchOrg())).toMatchObject({ status: 429, code: "rate_limit_exceeded", retryAfterMs: 2000 });
    handle = (_, response) => void response.writeHead(302, { Location: `${base}/elsewhere` }).end("moved");
    expect(await outcome(fetchOrg())).toEqual({
      error: "ApiError",
      status: 302,
      code: "unexpected_error",
      kind: "redirect",
    });
    expect(received.map(([, url]) => url).filter((url) => url === "/elsewhere")).toEqual([]);
  });

  it.each(CODINGS)("an answer in Content-Encoding %s: read as fetch reads it", async (coding, body, readable) => {
    handle = (_, response) => void response.writeHead(200, { "Content-Encoding": coding }).end(body);
    const unread = { error: "ApiError", status: 200, code: "unexpected_error" };
    expect(await outcome(fetchOrg())).toEqual(readable ? { data: JSON.parse(answer) } : unread);
  });

  it("an answer with a byte-order mark: read without it", async () => {
    handle = (_, response) =>
      void response.writeHead(200).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(answer)]));
    expect(await outcome(fetchOrg())).toEqual({ data: JSON.parse(answer) });
  });
});
