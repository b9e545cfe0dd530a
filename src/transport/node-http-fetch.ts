/**
 * One request of the server transport over `node:http` / `node:https`, written on the wire as Node's own fetch
 * (undici) writes it, and answered with what the exchange reads of a fetch `Response`: status, headers, the body as
 * text (decoded as fetch decodes it) and its `cancel`. The call's deadline stays the exchange's signal; here it is one
 * listener that destroys the request (and so its connection), not undici's per-request signal machinery (its abort
 * listeners, a `FinalizationRegistry` entry, more garbage: about 85 µs of client CPU a call, docs/performance.md).
 * The modules come from `server-fetch.ts`, which loads them only on Node itself.
 */
import type * as Http from "node:http";
import type * as Https from "node:https";
import type * as Zlib from "node:zlib";

/** The Node modules a request needs (`process.getBuiltinModule`'s, so no bundle resolves them). */
export interface NodeModules {
  http: typeof Http;
  https: typeof Https;
  zlib: typeof Zlib;
}

/** Request headers with which fetch does more than send them (fetch writes these calls, as fetch would). */
const FETCH_ONLY_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "expect",
  "upgrade",
  "sec-fetch-mode",
  "range",
  "if-modified-since",
  "if-none-match",
  "if-unmodified-since",
  "if-match",
  "if-range",
]);
/** The methods sent as they are (fetch upper-cases a few others); POST, PUT and PATCH say an empty body's length. */
const METHODS: Readonly<Record<string, boolean>> = { GET: false, DELETE: false, POST: true, PUT: true, PATCH: true };
/** Statuses whose answer has no body, so no content coding to undo (fetch's null-body statuses). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** A value's leading or trailing HTTP white space, which fetch strips. */
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const decoder = new TextDecoder();

/** One keep-alive agent per scheme for the process; an idle connection closes after 4 s, as undici's do. */
let agents: { http: Http.Agent; https: Https.Agent } | undefined;

/**
 * Sends `init` to `url` as Node's fetch would (redirects answered, never followed), or returns undefined when fetch
 * writes the request in a way this path does not (a header fetch treats specially, a body that is not text, another
 * method, credentials in the URL, a header value Node refuses): the caller then lets fetch send it.
 */
export function sendOverNode(node: NodeModules, url: URL, init: RequestInit): Promise<Response> | undefined {
  const method = init.method ?? "GET";
  const body = init.body ?? undefined;
  const emptyLength = METHODS[method];
  if (emptyLength === undefined || (body !== undefined && typeof body !== "string") || url.username || url.password)
    return undefined;
  const https = url.protocol === "https:";
  const headers = wireHeaders(url, init.headers, body, emptyLength, https);
  if (!headers) return undefined;
  agents ??= {
    http: new node.http.Agent({ keepAlive: true, timeout: 4_000 }),
    https: new node.https.Agent({ keepAlive: true, timeout: 4_000 }),
  };
  let request: Http.ClientRequest;
  try {
    request = (https ? node.https : node.http).request({
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port || (https ? 443 : 80),
      path: url.pathname + url.search,
      method,
      headers,
      agent: https ? agents.https : agents.http,
    });
  } catch {
    return undefined; // a header name or value Node refuses: fetch refuses it its own way
  }
  return answerOf(node.zlib, request, method, body, init.signal ?? undefined);
}

/**
 * The request's headers in fetch's order and spelling: host and connection, the caller's (names as given, values
 * without outer white space, one name given twice in other cases joined with ", "), then what fetch adds when
 * absent (content type of a text body, accept, accept-language, sec-fetch-mode, user-agent, accept-encoding) and the
 * body's length. Undefined when fetch must write them.
 */
function wireHeaders(
  url: URL,
  given: RequestInit["headers"],
  body: string | undefined,
  emptyLength: boolean,
  https: boolean,
): string[] | undefined {
  if (given !== undefined && (typeof given !== "object" || Array.isArray(given) || given instanceof Headers))
    return undefined;
  const raw = ["host", url.host, "connection", "keep-alive"];
  const at = new Map<string, number>();
  for (const [name, value] of Object.entries(given ?? {})) {
    const lower = name.toLowerCase();
    if (FETCH_ONLY_HEADERS.has(lower) || typeof value !== "string") return undefined;
    const trimmed = value.replace(OUTER_WHITESPACE, "");
    const index = at.get(lower);
    if (index === undefined) at.set(lower, raw.push(name, trimmed) - 1);
    else raw[index] += `, ${trimmed}`;
  }
  if (body !== undefined && !at.has("content-type")) raw.push("content-type", "text/plain;charset=UTF-8");
  if (!at.has("accept")) raw.push("accept", "*/*");
  if (!at.has("accept-language")) raw.push("accept-language", "*");
  raw.push("sec-fetch-mode", "cors");
  if (!at.has("user-agent")) raw.push("user-agent", "node");
  if (!at.has("accept-encoding")) raw.push("accept-encoding", https ? "br, gzip, deflate" : "gzip, deflate");
  if (body !== undefined) raw.push("content-length", String(Buffer.byteLength(body)));
  else if (emptyLength) raw.push("content-length", "0");
  return raw;
}

/**
 * The answer as fetch gives it: settles with the status and headers, its `text()` with the whole body; rejects as
 * fetch does (the signal's reason once it aborts, a `TypeError` with the cause for a failed connection). The signal
 * destroys the request, and its connection, until the body is read or cancelled.
 */
function answerOf(
  zlib: typeof Zlib,
  request: Http.ClientRequest,
  method: string,
  body: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    // Settles the body once the answer came (undefined before, null once settled).
    let settleBody: ((text: Promise<string>) => void) | null | undefined;
    const fail = (error: Error, message: string): void => {
      signal?.removeEventListener("abort", abort);
      const failure = signal?.aborted ? signal.reason : new TypeError(message, { cause: error });
      if (settleBody === undefined) reject(failure);
      else settleBody?.(Promise.reject(failure));
      settleBody &&= null;
    };
    function abort(): void {
      request.destroy();
      fail(new Error("aborted"), "aborted");
    }
    request.on("error", (error) => fail(error, settleBody === undefined ? "fetch failed" : "terminated"));
    request.on("response", (message) => {
      const headers = new Headers();
      const raw = message.rawHeaders;
      for (let at = 0; at + 1 < raw.length; at += 2) headers.append(raw[at]!.toLowerCase(), raw[at + 1]!);
      const status = message.statusCode ?? 0;
      const codings = method !== "HEAD" && !NULL_BODY_STATUSES.has(status) ? headers.get("content-encoding") : null;
      const chunks: Buffer[] = [];
      const text = new Promise<string>((settle) => {
        settleBody = settle;
      });
      text.catch(() => undefined); // a body nobody reads (a refused redirect) may fail unseen
      message.on("data", (chunk: Buffer) => chunks.push(chunk));
      message.on("end", () => {
        signal?.removeEventListener("abort", abort);
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        settleBody?.(decodedText(zlib, codings, bytes));
        settleBody = null;
      });
      message.on("error", (error) => fail(error, "terminated"));
      resolve(responseOf(message, status, headers, text, request));
    });
    if (signal?.aborted) return abort();
    signal?.addEventListener("abort", abort);
    request.end(body);
  });
}

/** What the exchange reads of an answer, in the shape of a fetch `Response`. */
function responseOf(
  message: Http.IncomingMessage,
  status: number,
  headers: Headers,
  text: Promise<string>,
  request: Http.ClientRequest,
): Response {
  const cancel = async (): Promise<void> => {
    if (!message.complete) request.destroy();
  };
  const answer = {
    type: "basic",
    status,
    statusText: message.statusMessage ?? "",
    ok: status >= 200 && status < 300,
    headers,
    body: { cancel },
    text: () => text,
  };
  return answer as unknown as Response;
}

/**
 * The body as fetch's `text()` reads it: the answer's content codings undone (gzip, deflate, br, as fetch does; none
 * when one is unknown; `codings` null for a body-less status), then UTF-8 with one leading byte-order mark dropped.
 */
async function decodedText(zlib: typeof Zlib, codings: string | null, bytes: Buffer): Promise<string> {
  let decoded = bytes;
  if (codings) {
    try {
      decoded = undoCodings(zlib, codings, bytes);
    } catch (error) {
      throw new TypeError("terminated", { cause: error });
    }
  }
  const bom = decoded[0] === 0xef && decoded[1] === 0xbb && decoded[2] === 0xbf;
  return decoder.decode(bom ? decoded.subarray(3) : decoded);
}

/** `bytes` with the codings of a Content-Encoding undone, last first; as they are when one coding is unknown. */
function undoCodings(zlib: typeof Zlib, coding: string, bytes: Buffer): Buffer {
  const codings = coding.toLowerCase().split(",");
  if (codings.length > 5) throw new Error(`too many content-encodings in response: ${codings.length}`);
  const { Z_SYNC_FLUSH, BROTLI_OPERATION_FLUSH } = zlib.constants;
  const lenient = { flush: Z_SYNC_FLUSH, finishFlush: Z_SYNC_FLUSH };
  let decoded = bytes;
  for (const name of codings.reverse().map((part) => part.trim())) {
    if (name === "gzip" || name === "x-gzip") decoded = zlib.gunzipSync(decoded, lenient);
    else if (name === "br")
      decoded = zlib.brotliDecompressSync(decoded, {
        flush: BROTLI_OPERATION_FLUSH,
        finishFlush: BROTLI_OPERATION_FLUSH,
      });
    else if (name === "deflate" && decoded.length > 0)
      // zlib-wrapped or raw deflate, told apart by the first byte's compression method, as fetch does
      decoded = (decoded[0]! & 15) === 8 ? zlib.inflateSync(decoded, lenient) : zlib.inflateRawSync(decoded, lenient);
    else if (name !== "deflate") return bytes;
  }
  return decoded;
}
