/**
 * `createNodeFetch` (orgauth/testing) against a local node:http server: the cookie jar, redirects answered as they
 * are, bodies, abort, and a network failure, with no web global but what Node has (jest 29 + jsdom has none). Last,
 * `signInBrowser` on an answer it cannot read (here, not in a file of its own: one file less to load in the stage).
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { isOrgauthError } from "../../../src/index.js";
import { BrowserSignInError, createNodeFetch, signInBrowser } from "../../../src/testing/index.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/login") {
        response.writeHead(303, { Location: "/home", "Set-Cookie": ["session=abc; HttpOnly", "theme=dark"] });
        return response.end();
      }
      if (request.url === "/logout") {
        response.writeHead(200, { "Set-Cookie": "session=; Max-Age=0" });
        return response.end();
      }
      if (request.url === "/slow") return; // never answers
      response.writeHead(200, { "Content-Type": "application/json", "X-Many": ["a", "b"] });
      response.end(
        JSON.stringify({
          method: request.method,
          cookie: request.headers.cookie ?? null,
          body,
          type: request.headers["content-type"] ?? null,
        }),
      );
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

it("keeps the cookies a redirect sets (not followed) and sends them back; a Max-Age=0 deletes one", async () => {
  const fetch = createNodeFetch();
  const redirect = await fetch(`${base}/login`, { method: "POST" });
  expect([redirect.status, redirect.ok, redirect.headers.get("location")]).toEqual([303, false, "/home"]);
  expect(fetch.cookies("127.0.0.1")).toEqual({ session: "abc", theme: "dark" });
  const echo = await fetch(new URL(`${base}/echo`), { headers: { Cookie: "mine=1" } });
  expect(await echo.json()).toMatchObject({ method: "GET", cookie: "mine=1; session=abc; theme=dark" });
  await fetch(`${base}/logout`);
  expect(fetch.cookies("127.0.0.1")).toEqual({ theme: "dark" });
  expect(fetch.cookies("localhost")).toEqual({});
});

it("sends string, form and byte bodies; answers headers as fetch does", async () => {
  const fetch = createNodeFetch();
  const form = await fetch(`${base}/echo`, { method: "post", body: new URLSearchParams({ a: "1" }) });
  expect(await form.json()).toMatchObject({ method: "POST", body: "a=1", type: expect.stringMatching(/urlencoded/) });
  const bytes = await fetch(`${base}/echo`, { method: "PUT", body: new TextEncoder().encode("é") });
  expect((await bytes.json()) as { body: string }).toMatchObject({ body: "é" });
  const text = await fetch(`${base}/echo`, { method: "POST", body: "{}", headers: [["Content-Type", "text/plain"]] });
  expect([text.status, text.ok, text.headers.get("x-many"), text.headers.has("content-type")]).toEqual([
    200,
    true,
    "a, b",
    true,
  ]);
  await expect(fetch(`${base}/echo`, { method: "POST", body: new Blob(["x"]) })).rejects.toThrow(TypeError);
});

it("rejects with the signal's reason when aborted, and with a TypeError when nothing listens", async () => {
  const fetch = createNodeFetch();
  const controller = new AbortController();
  const pending = fetch(`${base}/slow`, { signal: controller.signal });
  controller.abort(new Error("timed out"));
  await expect(pending).rejects.toThrow("timed out");
  await expect(fetch(`${base}/echo`, { signal: AbortSignal.abort(new Error("before")) })).rejects.toThrow("before");
  await expect(fetch("http://127.0.0.1:1/")).rejects.toThrow(TypeError);
});

it("signInBrowser: a typed error keeping its cause, for an answer that is not JSON (a proxy's 502 page) and for no answer", async () => {
  const options = { emulatorUrl: base, adminSecret: "secret", user: { email: "a@example.com" } };
  const addCookies = vi.fn(async () => undefined);
  vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
  try {
    const failure = await signInBrowser({ addCookies }, options).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BrowserSignInError);
    expect(failure).toMatchObject({
      type: "browser_sign_in",
      status: 502,
      message: expect.stringContaining("502"),
      cause: expect.any(SyntaxError),
    });
    const refused = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") });
    vi.stubGlobal("fetch", async () => Promise.reject(refused));
    const unanswered = await signInBrowser({ addCookies }, options).catch((error: unknown) => error);
    expect(isOrgauthError(unanswered)).toBe(true);
    expect(unanswered).toMatchObject({ type: "browser_sign_in", status: undefined, cause: refused });
    expect(addCookies).not.toHaveBeenCalled();
  } finally {
    vi.unstubAllGlobals();
  }
});
