import type { IncomingMessage, ServerResponse } from "node:http";
import { unstorable } from "./characters.js";
import { ProviderError } from "./errors.js";
import { jsonDepthExceeds, MAX_BODY_BYTES, MAX_JSON_DEPTH } from "./json-limits.js";

/** One parsed request, as route handlers see it. */
export interface Request {
  method: string;
  url: URL;
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
  cookies: Record<string, string>;
  body: unknown;
  /** Raw form fields when the body was a form post. */
  form: Record<string, string>;
  /** Whether a redirect may lead to this absolute URL: the emulator's own origin or an allowed app origin. */
  redirectAllowed(href: string): boolean;
  /** Whether `origin` is the emulator's own (under whichever allowed name it was reached). */
  isOwnOrigin(origin: string): boolean;
}

/** What a handler answers: JSON (or nothing), a page, plain text, or a redirect; plus cookies to set. */
export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  redirect?: string;
  cookies?: string[];
  /** A page's own Content-Security-Policy (which scripts and styles may run); `frame-ancestors 'none'` is added. */
  csp?: string;
  /** Further headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/** A route handler. */
export type Handler = (request: Request) => Promise<Reply>;

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** A small router: `add("GET", "/org/:orgId", handler)`, then `match(method, path)`. */
export class Router {
  private readonly routes: Route[] = [];

  /** Registers a handler for a method and a path with `:name` segments. */
  add(method: string, path: string, handler: Handler): this {
    const names: string[] = [];
    const source = path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    this.routes.push({ method, path, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** The registered routes, as `{ method, path }` with their `:name` segments. */
  list(): { method: string; path: string }[] {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }

  /** The handler and decoded path parameters for a request, or null (also when a parameter is not valid percent-encoding). */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | null {
    for (const route of this.routes) {
      const found = route.method === method ? route.pattern.exec(path) : null;
      if (!found) continue;
      const values = route.names.map((_, i) => safeDecode(found[i + 1]!));
      if (values.some((value) => value === null)) return null;
      return { handler: route.handler, params: Object.fromEntries(route.names.map((name, i) => [name, values[i]!])) };
    }
    return null;
  }
}

/** `decodeURIComponent`, or null for malformed escapes such as `%ZZ`. */
function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Reads a body up to MAX_BODY_BYTES; a longer one is drained (so the client gets the answer) and refused with 413. */
function readRaw(req: IncomingMessage): Promise<string> {
  const tooLarge = () =>
    new ProviderError(413, "request_too_large", `The request body is over ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => (size > MAX_BODY_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });
}

/**
 * Reads and parses a request body (JSON or form-encoded): over MAX_BODY_BYTES is a 413; malformed JSON, or JSON
 * nested deeper than MAX_JSON_DEPTH, is a 400.
 */
export async function readBody(req: IncomingMessage): Promise<{ body: unknown; form: Record<string, string> }> {
  const text = await readRaw(req);
  if (!text) return { body: undefined, form: {} };
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return { body: form, form };
  }
  if (jsonDepthExceeds(text))
    throw new ProviderError(
      400,
      "bad_request",
      `The request body nests objects or arrays over ${MAX_JSON_DEPTH} levels deep`,
    );
  try {
    return { body: JSON.parse(text), form: {} };
  } catch (error) {
    throw new ProviderError(400, "bad_request", "The request body is not valid JSON", undefined, { cause: error });
  }
}

/** Parses a Cookie header; values with a malformed escape or a character PostgreSQL refuses are left out. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    const value = at > 0 ? safeDecode(part.slice(at + 1).trim()) : null;
    // a value no database can hold (NUL) is as malformed as a bad escape: ignored
    if (value !== null && !unstorable(value)) cookies[part.slice(0, at).trim()] = value;
  }
  return cookies;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, path /; `maxAge` 0 deletes it. */
export function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

/** Writes a Reply; with `corsOrigin` (an origin the guard allowed), CORS headers that let it call with credentials. */
export function send(res: ServerResponse, reply: Reply, corsOrigin: string | null = null): void {
  res.setHeader("Vary", "Origin");
  if (corsOrigin) {
    res.setHeader("Access-Control-Allow-Origin", corsOrigin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
  }
  if (reply.cookies?.length) res.setHeader("Set-Cookie", reply.cookies);
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.redirect) {
    res.writeHead(reply.status, { Location: reply.redirect }).end();
  } else if (reply.html !== undefined) {
    // No page of the emulator may be framed by another site (clickjacking a login or the admin UI).
    res
      .writeHead(reply.status, {
        "Content-Type": "text/html; charset=utf-8",
        "X-Frame-Options": "DENY",
        "Content-Security-Policy": reply.csp ? `${reply.csp}; frame-ancestors 'none'` : "frame-ancestors 'none'",
      })
      .end(reply.html);
  } else if (reply.text !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "text/plain; charset=utf-8" }).end(reply.text);
  } else if (reply.json !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.json));
  } else {
    res.writeHead(reply.status).end();
  }
}

/** The answer to a CORS preflight from an origin the guard allowed. */
export function preflight(req: IncomingMessage, res: ServerResponse, corsOrigin: string | null): void {
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? "Content-Type, X-CSRF-Token",
  );
  res.setHeader("Access-Control-Max-Age", "600");
  send(res, { status: 204 }, corsOrigin);
}
