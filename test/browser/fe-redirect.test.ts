/**
 * Real headless Chromium: an fe call whose answer is a redirect to another origin. The page and the auth API share
 * one origin; the API answers `login` with a 302 or 307 to a second server (another port, so another origin) that
 * allows any CORS request and records what reaches it. Nothing may reach it — no CSRF header, no password body —
 * and the call must fail with a typed error.
 */
import type { IncomingMessage } from "node:http";
import type { Browser } from "playwright-core";
import { bundleBrowserScript } from "../support/browser-script.js";
import { connectChromium } from "../support/shared-chromium.js";
import { startLocalServer, type LocalServer } from "../support/local-server.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let app: LocalServer;
let other: LocalServer;
let browser: Browser;
let appUrl: string;
let otherUrl: string;
let redirectStatus = 302;
const reachedOther: { method: string; headers: IncomingMessage["headers"] }[] = [];
const reachedApp: string[] = [];

beforeAll(async () => {
  const script = await bundleBrowserScript(new URL("./redirect-entry.ts", import.meta.url));
  other = await startLocalServer((req, res) => {
    reachedOther.push({ method: req.method ?? "", headers: req.headers });
    res.writeHead(200, {
      "Access-Control-Allow-Origin": req.headers.origin ?? "*",
      "Access-Control-Allow-Credentials": "true",
      "Access-Control-Allow-Headers": "content-type, x-csrf-token",
      "Access-Control-Allow-Methods": "GET, POST",
      "Content-Type": "application/json",
    });
    res.end(JSON.stringify({ login_state: "Finished" }));
  });
  otherUrl = other.url;
  app = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    reachedApp.push(`${req.method} ${path}`);
    if (path === "/bundle.js") return void res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
    if (path === "/api/fe/v3/login")
      return void res.writeHead(redirectStatus, { Location: `${otherUrl}/api/fe/v3/login` }).end();
    if (path === "/favicon.ico") return void res.writeHead(404).end();
    res
      .writeHead(200, { "Content-Type": "text/html" })
      .end('<!doctype html><title>t</title><script type="module" src="/bundle.js"></script>');
  });
  appUrl = app.url;
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const server of [app, other]) await server?.close();
});

/** What the test page puts on `window`. */
interface LoginPage {
  runLogin?: () => Promise<unknown>;
}

describe("fe call redirected to another origin (headless Chromium)", () => {
  it.each([302, 307])(
    "a %i is refused: typed error, and nothing (no X-CSRF-Token, no body) reaches the other origin",
    async (status) => {
      redirectStatus = status;
      reachedOther.splice(0);
      const page = await browser.newPage();
      try {
        await page.goto(`${appUrl}/app`);
        await page.waitForFunction(() => typeof (window as unknown as LoginPage).runLogin === "function");
        const outcome = await page.evaluate(() => (window as unknown as LoginPage).runLogin!());
        expect(outcome).toEqual({ name: "ApiError", code: "unexpected_error", status: 0, causeKind: "redirect" });
        expect(reachedApp).toContain("POST /api/fe/v3/login");
        expect(reachedOther).toEqual([]);
        expect(reachedOther.some((request) => "x-csrf-token" in request.headers)).toBe(false);
      } finally {
        await page.close();
      }
    },
  );
});
