/**
 * The server transport's failures, each over node:http(s) (the default on Node) and over fetch against one loopback
 * host: the same typed outcome, the same deadline (which also closes the connection), the body read as fetch reads it.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  answerWith,
  clientOver,
  hostUrl,
  lastConnectionClosed,
  ORG,
  outcome,
  received,
  useLoopbackAuthHost,
} from "./loopback-auth-host.js";

useLoopbackAuthHost();

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
    answerWith(() => undefined);
    expect(await outcome(fetchOrg(1_000))).toEqual({
      error: "ApiError",
      status: 0,
      code: "unexpected_error",
      kind: "timeout",
    });
    await expect.poll(lastConnectionClosed).toBe(true);
  });

  it("a stalled body: rejected at the deadline (the whole call is under it), the connection closed", async () => {
    answerWith((_, response) => void response.writeHead(200, { "Content-Length": "100" }).write('{"org_id"'));
    expect(await outcome(fetchOrg(1_000))).toMatchObject({ status: 0, kind: "timeout" });
    await expect.poll(lastConnectionClosed).toBe(true);
  });

  it("the caller's abort: rejects with the caller's reason, the connection closed", async () => {
    answerWith(() => undefined);
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
    answerWith((request) => request.socket.destroy());
    const reset = { status: 0, kind: "network" };
    expect(await outcome(fetchOrg())).toMatchObject({ ...reset, network: ["fetch failed", expect.any(String)] });
    answerWith((request, response) => {
      response.writeHead(200, { "Content-Length": "100" }).write('{"org_id"');
      setTimeout(() => request.socket.destroy(), 20);
    });
    expect(await outcome(fetchOrg())).toMatchObject({ ...reset, network: ["terminated", expect.any(String)] });
  });

  it("a non-JSON body, a 429 with Retry-After and a redirect (not followed): their typed errors", async () => {
    answerWith((_, response) => void response.writeHead(200, { "Content-Type": "text/html" }).end("<html>"));
    expect(await outcome(fetchOrg())).toEqual({ error: "ApiError", status: 200, code: "unexpected_error" });
    answerWith((_, response) => void response.writeHead(429, { "Retry-After": "2" }).end("Slow down"));
    expect(await outcome(fetchOrg())).toMatchObject({ status: 429, code: "rate_limit_exceeded", retryAfterMs: 2000 });
    answerWith((_, response) => void response.writeHead(302, { Location: `${hostUrl()}/elsewhere` }).end("moved"));
    expect(await outcome(fetchOrg())).toEqual({
      error: "ApiError",
      status: 302,
      code: "unexpected_error",
      kind: "redirect",
    });
    expect(received.map(([, url]) => url).filter((url) => url === "/elsewhere")).toEqual([]);
  });

  it.each(CODINGS)("an answer in Content-Encoding %s: read as fetch reads it", async (coding, body, readable) => {
    answerWith((_, response) => void response.writeHead(200, { "Content-Encoding": coding }).end(body));
    const unread = { error: "ApiError", status: 200, code: "unexpected_error" };
    expect(await outcome(fetchOrg())).toEqual(readable ? { data: JSON.parse(answer) } : unread);
  });

  it("an answer with a byte-order mark: read without it", async () => {
    answerWith(
      (_, response) =>
        void response.writeHead(200).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(answer)])),
    );
    expect(await outcome(fetchOrg())).toEqual({ data: JSON.parse(answer) });
  });
});
