/**
 * Real headless Chromium against a real emulator (127.0.0.1, as started by default) and a React app behind the
 * login gate. An app whose session cannot be read after the hosted login (here: served from another loopback name,
 * so the session cookie belongs to another site) is sent to the login page at most twice, then shows the
 * login-failed fallback naming the cause, and logs it once — it never loops. The same app on the emulator's host
 * name stays logged in; on `localhost` the console says at once what to change. The page is a development build, as a
 * dev server serves it: production builds carry the causes without the explanations. A signed-out visitor who opens
 * pages one after another without signing in made no round trip: they are sent to the login page, never told it failed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { bundleBrowserScript } from "../support/browser-script.js";
import { connectChromium } from "../support/shared-chromium.js";

let emulator: RunningEmulator;
let browser: Browser;
let app: Server;
let elsewhere: Server;
let port: number;
let otherLoopback: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed });
  const script = await bundleBrowserScript(new URL("./guard-page.tsx", import.meta.url), "development");
  const serveApp = (): Server =>
    createServer((req, res) => {
      if (req.url === "/app.js") {
        res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
        return;
      }
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end('<!doctype html><div id="root"></div><script type="module" src="/app.js"></script>');
    });
  app = serveApp();
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve)); // also reached as localhost
  port = (app.address() as AddressInfo).port;
  elsewhere = serveApp();
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.2", resolve)); // another loopback host name
  otherLoopback = `http://127.0.0.2:${(elsewhere.address() as AddressInfo).port}`;
  browser = await connectChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const server of [app, elsewhere]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await emulator?.stop();
});

/** A fresh browser context logged in at the emulator's own login page, with its navigations and console errors. */
async function loggedInPage(): Promise<{ page: Page; logins: () => number; consoleLines: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${emulator.url}/login`);
  await page.fill('input[name="email"]', "ada@acme.example");
  await page.fill('input[name="password"]', DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/account/), page.click('button[type="submit"]')]);
  const navigations: string[] = []; // every top-level document request, redirects included
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
  });
  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  return { page, logins: () => navigations.filter((url) => new URL(url).pathname === "/login").length, consoleLines };
}

describe("a guard never loops", () => {
  it("a session that cannot be read after the hosted login: at most 2 trips, then the fallback naming the cause", async () => {
    // The app on 127.0.0.2 (loopback, another host name): the session cookie of 127.0.0.1 is never sent from it.
    const { page, logins, consoleLines } = await loggedInPage();
    await page.goto(`${otherLoopback}/?auth=${encodeURIComponent(emulator.url)}`);
    const fallback = page.locator(".orgauth-login-failed");
    await fallback.waitFor({ timeout: 60_000 });
    expect(await fallback.getAttribute("data-cause")).toBe("host_name_mismatch");
    expect(await fallback.textContent()).toContain(`open the app at http://127.0.0.1:${new URL(otherLoopback).port}`);
    await page.waitForTimeout(1500); // nothing navigates any more
    expect(logins()).toBeLessThanOrEqual(2);
    expect(logins()).toBeGreaterThanOrEqual(1);
    expect(consoleLines.filter((line) => line.includes("the guard stopped redirecting"))).toHaveLength(1);
    await page.context().close();
  });

  it("Try again goes to the login page again, and stops again at the fallback", async () => {
    const { page, logins } = await loggedInPage();
    await page.goto(`${otherLoopback}/?auth=${encodeURIComponent(emulator.url)}`);
    await page.locator(".orgauth-login-failed").waitFor({ timeout: 60_000 });
    const before = logins();
    await page.getByRole("button", { name: "Try again" }).click();
    await page.locator(".orgauth-login-failed").waitFor({ timeout: 60_000 });
    expect(logins()).toBeGreaterThan(before);
    expect(logins() - before).toBeLessThanOrEqual(2);
    await page.context().close();
  });
});

describe("only a real round trip to the login page counts", () => {
  /** A fresh, signed-out browser context with its navigations to the login page and its console lines. */
  async function signedOutPage(): Promise<{ page: Page; logins: () => number; consoleLines: string[] }> {
    const page = await (await browser.newContext()).newPage();
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
    });
    const consoleLines: string[] = [];
    page.on("console", (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    return { page, logins: () => navigations.filter((url) => new URL(url).pathname === "/login").length, consoleLines };
  }

  it("a signed-out visitor who opens /, /org, then /api_keys without signing in is sent to the login page each time, never told it failed", async () => {
    const { page, logins, consoleLines } = await signedOutPage();
    const auth = encodeURIComponent(emulator.url);
    for (const path of ["/", "/org", "/api_keys", "/org"]) {
      await page.goto(`http://127.0.0.1:${port}${path}?auth=${auth}`);
      await page.waitForURL((url) => url.origin === emulator.url && url.pathname === "/login", { timeout: 20_000 });
    }
    expect(logins()).toBe(4);
    expect(consoleLines.filter((line) => line.includes("the guard stopped redirecting"))).toEqual([]);
    await page.context().close();
  });

  it("signing in at the login page and coming back to an app that cannot read the session: the fallback", async () => {
    // Signed out on the app on 127.0.0.2; the login page (127.0.0.1) sets a cookie the app never gets.
    const { page, logins, consoleLines } = await signedOutPage();
    await page.goto(`${otherLoopback}/org?auth=${encodeURIComponent(emulator.url)}`);
    await page.waitForURL((url) => url.origin === emulator.url && url.pathname === "/login", { timeout: 20_000 });
    await page.fill('input[name="email"]', "ada@acme.example");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await page.click('button[type="submit"]');
    const fallback = page.locator(".orgauth-login-failed");
    await fallback.waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).origin).toBe(otherLoopback);
    expect(new URL(page.url()).pathname).toBe("/org");
    expect(await fallback.getAttribute("data-cause")).toBe("host_name_mismatch");
    expect(logins()).toBeLessThanOrEqual(1 + 2); // the first trip, then at most two back and forth
    expect(consoleLines.filter((line) => line.includes("the guard stopped redirecting"))).toHaveLength(1);
    await page.context().close();
  });
});

describe("loopback host names", () => {
  it("an app on the emulator's host name (127.0.0.1) stays logged in", async () => {
    const { page, logins } = await loggedInPage();
    await page.goto(`http://127.0.0.1:${port}/?auth=${encodeURIComponent(emulator.url)}`);
    await expect(page.locator("#signed-in").textContent({ timeout: 60_000 })).resolves.toBe(
      "Signed in as ada@acme.example",
    );
    expect(logins()).toBe(0);
    await page.context().close();
  });

  it("an app on localhost with the auth URL on 127.0.0.1 is told at once, in the console, what to change", async () => {
    const { page, consoleLines } = await loggedInPage();
    const emulatorPort = new URL(emulator.url).port;
    await page.goto(`http://localhost:${port}/?auth=${encodeURIComponent(emulator.url)}`);
    await page.locator(".orgauth-login-failed").waitFor({ timeout: 60_000 });
    const warning = consoleLines.find((line) => line.startsWith("warning: orgauth: this page is on localhost"));
    expect(warning).toContain(`set the auth URL to http://localhost:${emulatorPort}`);
    expect(warning).toContain(`or open the app at http://127.0.0.1:${port}`);
    expect(consoleLines.indexOf(warning!)).toBeLessThan(
      consoleLines.findIndex((line) => line.includes("the guard stopped redirecting")),
    );
    await page.context().close();
  });

  it("the same app on localhost with the auth URL on localhost stays logged in (one host name for both)", async () => {
    const { page } = await loggedInPage();
    const onLocalhost = emulator.url.replace("127.0.0.1", "localhost");
    await page.goto(`${onLocalhost}/login`);
    await page.fill('input[name="email"]', "ada@acme.example");
    await page.fill('input[name="password"]', DEMO_PASSWORD);
    await Promise.all([page.waitForURL(/\/account/), page.click('button[type="submit"]')]);
    await page.goto(`http://localhost:${port}/?auth=${encodeURIComponent(onLocalhost)}`);
    await expect(page.locator("#signed-in").textContent({ timeout: 60_000 })).resolves.toBe(
      "Signed in as ada@acme.example",
    );
    await page.context().close();
  });
});
