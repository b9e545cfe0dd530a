/**
 * A `fetch` on `node:http` and `node:https` with a cookie jar, for test suites whose environment has no fetch that
 * works: jest 29 with `jest-environment-jsdom` has none (jsdom has no `fetch`; Node's refuses jsdom's `AbortSignal`;
 * undici's needs the `TextEncoder` jsdom leaves out). It needs no web global, and answers with what orgauth reads.
 */
import { type IncomingMessage, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { CookieFetch } from "./cookie-fetch.js";
import { createCookieJars } from "./cookie-jar.js";

/** What a request to send is made of, read from `fetch`'s arguments without the web globals. */
interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** `init.headers` or a request's headers (a plain object, a list of pairs or a `Headers`) as a plain object. */
function plainHeaders(given: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (given === undefined || given === null) return out;
  const forEach = (given as { forEach?: unknown }).forEach;
  if (!Array.isArray(given) && typeof forEach === "function") {
    (given as Headers).forEach((value, name) => {
      out[name] = value;
    });
  } else {
    const pairs = Array.isArray(given) ? given : Object.entries(given as Record<string, string>);
    for (const [name, value] of pairs as [string, string][]) out[name] = String(value);
  }
  return out;
}

/** A request body as bytes or text; a form, blob or stream is refused, as this fetch cannot send one. */
function bodyOf(body: unknown, headers: Record<string, string>): string | Uint8Array | undefined {
  if (body === undefined || body === null || typeof body === "string") return body ?? undefined;
  if (body instanceof URLSearchParams) {
    const typed = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
    if (!typed) headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    return body.toString();
  }
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError(`createNodeFetch sends a string, URLSearchParams or bytes as a body, not ${String(body)}`);
}

/** `fetch`'s arguments as the request to send (a `Request` given as input lends its URL, method and headers). */
function outgoing(input: RequestInfo | URL, init: RequestInit): Outgoing {
  const request = typeof input === "object" && !(input instanceof URL) ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  const headers = { ...plainHeaders(request?.headers), ...plainHeaders(init.headers) };
  const method = (init.method ?? request?.method ?? "GET").toUpperCase();
  return { url, method, headers, body: bodyOf(init.body, headers) };
}

/** An answer with what a caller of `fetch` reads: status, headers, the body as text, JSON or bytes; never followed. */
function responseOf(url: URL, message: IncomingMessage, bytes: Buffer): Response {
  const pairs: [string, string][] = [];
  for (let at = 0; at + 1 < message.rawHeaders.length; at += 2) {
    pairs.push([message.rawHeaders[at]!.toLowerCase(), message.rawHeaders[at + 1]!]);
  }
  const all = (name: string) => pairs.filter(([key]) => key === name.toLowerCase()).map(([, value]) => value);
  const headers = {
    get: (name: string) => (all(name).length > 0 ? all(name).join(", ") : null),
    has: (name: string) => all(name).length > 0,
    getSetCookie: () => all("set-cookie"),
    forEach: (each: (value: string, name: string) => void) => {
      for (const name of new Set(pairs.map(([key]) => key))) each(all(name).join(", "), name);
    },
  };
  const status = message.statusCode ?? 0;
  const text = () => bytes.toString("utf8");
  const answer = {
    url: url.href,
    status,
    statusText: message.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    redirected: false,
    type: "basic",
    headers,
    body: null,
    bodyUsed: false,
    text: async () => text(),
    json: async () => JSON.parse(text()) as unknown,
    arrayBuffer: async () => new Uint8Array(bytes).buffer,
    clone: () => responseOf(url, message, bytes),
  };
  return answer as unknown as Response;
}

/** Sends one request over node:http(s); rejects with a TypeError on a network failure, or the signal's reason. */
function send({ url, method, headers, body }: Outgoing, signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, { method, headers }, (message) => {
      const chunks: Buffer[] = [];
      message.on("data", (chunk: Buffer) => chunks.push(chunk));
      message.on("end", () => resolve(responseOf(url, message, Buffer.concat(chunks))));
      message.on("error", failed);
    });
    const abort = () => request.destroy(signal?.reason);
    function failed(error: Error) {
      reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
    }
    request.on("error", failed);
    signal?.addEventListener("abort", abort, { once: true });
    request.on("close", () => signal?.removeEventListener("abort", abort));
    request.end(body);
  });
}

/**
 * Creates a fetch on node:http(s) with its own cookie jar (cookies per host name, as `createCookieFetch` keeps them),
 * for suites without a working global fetch, such as jest 29 with jsdom: pass it to `createBrowserEnvironment({ fetch })`
 * or `createTransport({ fetch })`. Redirects are answered, not followed; a body is a string, URLSearchParams or bytes.
 */
export function createNodeFetch(): CookieFetch {
  const jars = createCookieJars();
  const nodeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = outgoing(input, init);
    const held = jars.header(request.url.hostname);
    const given = Object.keys(request.headers).find((name) => name.toLowerCase() === "cookie");
    if (held !== undefined && given !== undefined) request.headers[given] = `${request.headers[given]}; ${held}`;
    else if (held !== undefined) request.headers.cookie = held;
    const response = await send(request, init.signal ?? (input as { signal?: AbortSignal }).signal);
    jars.store(request.url.hostname, response.headers.getSetCookie());
    return response;
  };
  return Object.assign(nodeFetch, { cookies: jars.cookies });
}
