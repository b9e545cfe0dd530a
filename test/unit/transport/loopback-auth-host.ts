/**
 * One loopback auth host for the server transport's tests (server-fetch*.test.ts): it records what it receives, counts
 * the connections it opens and sees close, and answers with what a test sets (`answerWith`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ApiError, createBackendClient } from "../../../src/server/index.js";

export const USER = "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec";
export const ORG = "db3d2259-de43-402a-ab06-0de8cd905202";

/** How the host answers a request. */
export type Handler = (request: IncomingMessage, response: ServerResponse) => void;
/** What the server received: method, URL, raw headers and body. */
type Received = [method: string, url: string, headers: string[], body: string];

/** Every request received since the test began. */
export const received: Received[] = [];
/** How many connections the host has opened. */
export const sockets = { opened: 0 };
const closedSockets = new WeakSet<Socket>();
/** The connection of the last request the server received. */
let lastSocket: Socket | undefined;
const ok: Handler = (_, response) => void response.writeHead(200).end("{}");
let handle: Handler = ok;
let base = "";
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

/** Whether the connection of the last request has closed. */
export const lastConnectionClosed = () => lastSocket !== undefined && closedSockets.has(lastSocket);
/** Makes the host answer with `handler` until the test ends (then `200 {}` again). */
export const answerWith = (handler: Handler) => {
  handle = handler;
};
/** The host's origin. */
export const hostUrl = () => base;

/** Starts the host before the file's tests and stops it after them; resets what it records after each test. */
export function useLoopbackAuthHost(): void {
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    handle = ok;
    received.length = 0;
    lastSocket = undefined;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
}

/** A backend client on the loopback host; `fetch` undefined is the default path. */
export const clientOver = (fetch: typeof globalThis.fetch | undefined, timeoutMs = 10_000, backendUrl = base) =>
  createBackendClient({
    authUrl: base,
    backendUrl,
    apiKey: "integration-key",
    timeoutMs,
    validation: "off",
    ...(fetch && { fetch }),
  });

/** The outcome of a call: its data, or the error's type, status, code, kind and what caused it. */
export async function outcome(call: Promise<unknown>): Promise<unknown> {
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
