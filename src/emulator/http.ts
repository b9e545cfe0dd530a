import type { IncomingMessage, ServerResponse } from "node:http";
import { ProviderError } from "./errors.js";

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
}

/** What a handler answers: JSON (or nothing), a page, plain text, or a redirect; plus cookies to set. */
export interface Reply {
  status: number;
  json?: unknown;
  html?: string;
  text?: string;
  redirect?: string;
  cookies?: string[];
}

/** A route handler. */
export type Handler = (request: Request) => Promise<Reply>;

interface Route {
  method: string;
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
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  /** The handler and decoded path parameters for a request, or null. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | null {
    for (const route of this.routes) {
      const found = route.method === method ? route.pattern.exec(path) : null;
      if (!found) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
      return { handler: route.handler, params };
    }
    return null;
  }
}

/** Reads and parses a request body (JSON or form-encoded); malformed JSON is a 400. */
export async function readBody(req: IncomingMessage): Promise<{ body: unknown; form: Record<string, string> }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new ProviderError(400, "bad_request", "The request body is too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return { body: undefined, form: {} };
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = Object.fromEntries(new URLSearchParams(text));
    return { body: form, form };
  }
  try {
    return { body: JSON.parse(text), form: {} };
  } catch {
    throw new ProviderError(400, "bad_request", "The request body is not valid JSON");
  }
}

/** Parses a Cookie header. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0) cookies[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, path /; `maxAge` 0 deletes it. */
export function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

/** Writes a Reply, with CORS headers that let a browser app on another origin call with credentials. */
export function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Vary", "Origin");
  }
  if (reply.cookies?.length) res.setHeader("Set-Cookie", reply.cookies);
  res.setHeader("Cache-Control", "no-store");
  if (reply.redirect) {
    res.writeHead(reply.status, { Location: reply.redirect }).end();
  } else if (reply.html !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "text/html; charset=utf-8" }).end(reply.html);
  } else if (reply.text !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "text/plain; charset=utf-8" }).end(reply.text);
  } else if (reply.json !== undefined) {
    res.writeHead(reply.status, { "Content-Type": "application/json" }).end(JSON.stringify(reply.json));
  } else {
    res.writeHead(reply.status).end();
  }
}

/** The answer to a CORS preflight. */
export function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, PUT, DELETE, OPTIONS");
  res.setHeader(
    "Access-Control-Allow-Headers",
    req.headers["access-control-request-headers"] ?? "Content-Type, X-CSRF-Token",
  );
  res.setHeader("Access-Control-Max-Age", "600");
  send(req, res, { status: 204 });
}
