/**
 * Real headless Chromium, real cross-site pages: a page on another loopback port (the same site as the emulator, so
 * the browser sends the emulator's cookies along, the admin UI's included once it was opened) tries what the emulator must refuse — a text/plain POST to the admin
 * API, a PATCH of the settings, reading a logged-in user's session, and a login CSRF form — while the emulator's own
 * pages (a hosted login, the admin API from its own origin) and the allowed app keep working. No page, the allowed
 * app's included, gets an answer from the backend API, even with the integration API key.
 */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { DEMO_IDS, DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { backendOperationsOf } from "../contract/backend-requests.js";
import { connectChromium } from "../support/shared-chromium.js";
import { type LocalServer, startLocalServer } from "../support/local-server.js";
import { ADA } from "./harness.js";

let emulator: RunningEmulator;
let app: LocalServer;
let evil: LocalServer;
let browser: Browser;
let context: BrowserContext;

const html = (body: string) => `<!doctype html><meta charset="utf-8"><title>page</title>${body}`;
const MALLORY = "mallory@acme.example";

beforeAll(async () => {
  [app, evil] = await Promise.all([startLocalServer(), startLocalServer()]);
  emulator = await startEmulator({ seed: demoSeed, allowedOrigins: [app.url] });
  for (const server of [app, evil]) {
    server.respond((request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      if (request.url === "/csrf")
        response.end(
          html(`<form id="f" method="post" action="${emulator.url}/login">
<input name="email" value="${MALLORY}"><input name="password" value="${DEMO_PASSWORD}"></form>
<script>document.getElementById("f").submit()</script>`),
        );
      else response.end(html("<p>a page</p>"));
    });
  }
  browser = await connectChromium();
  context = await browser.newContext();
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await emulator?.stop();
  await Promise.all([app?.close(), evil?.close()]);
});

/** The emulator's session cookie in the browser. */
const sessionCookie = async () => (await context.cookies(emulator.url)).find((c) => c.name === "__session")?.value;

/** Who the browser's session belongs to, asked with the secret-free fe call from the emulator's origin. */
async function sessionEmail(): Promise<string | null> {
  const answer = await fetch(`${emulator.url}/api/v1/refresh_token`, {
    headers: { Cookie: `__session=${await sessionCookie()}` },
  });
  return answer.ok ? ((await answer.json()) as { user: { email: string } }).user.email : null;
}

it("logs in through the emulator's own hosted form; its own pages reach the admin API only after the tokenised address", async () => {
  const page = await context.newPage();
  await page.goto(`${emulator.url}/login`);
  await page.fill("input[name=email]", ADA);
  await page.fill("input[name=password]", DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/account/), page.click("button")]);
  expect(await sessionEmail()).toBe(ADA);
  const settings = () => page.evaluate(async () => (await fetch("/__emulator/settings")).status);
  // same-origin is no proof by itself: the admin API needs the secret
  expect(await settings()).toBe(403);
  const admin = await context.newPage();
  await admin.goto(emulator.adminUiUrl);
  expect(admin.url()).toBe(`${emulator.url}/__emulator/ui`);
  expect(await settings()).toBe(200);
  await admin.close();
  await page.close();
});

it("lets a page on another loopback port drive nothing: admin API, settings, session, login CSRF", async () => {
  const before = { settings: await emulator.configure({}), cookie: await sessionCookie() };
  const page = await context.newPage();
  await page.goto(`${evil.url}/`);
  const results = await page.evaluate(async (emu) => {
    const outcome = async (call: () => Promise<Response>) => {
      try {
        const response = await call();
        return response.type === "opaque" ? "opaque" : `${response.status} ${await response.text()}`;
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    };
    return {
      seed: await outcome(() =>
        fetch(`${emu}/__emulator/seed`, {
          method: "POST",
          mode: "no-cors",
          headers: { "Content-Type": "text/plain" },
          body: JSON.stringify({ users: [{ email: "planted@evil.example", password: "known-password-1" }] }),
        }),
      ),
      reset: await outcome(() => fetch(`${emu}/__emulator/reset`, { method: "POST", mode: "no-cors" })),
      settings: await outcome(() =>
        fetch(`${emu}/__emulator/settings`, {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ signup: false }),
        }),
      ),
      session: await outcome(() => fetch(`${emu}/api/v1/refresh_token`, { credentials: "include" })),
    };
  }, emulator.url);
  expect(results.seed).toBe("opaque");
  expect(results.reset).toBe("opaque");
  expect(results.settings).toBe("blocked: TypeError");
  expect(results.session).toBe("blocked: TypeError");

  const posted = page.waitForResponse((response) => response.url() === `${emulator.url}/login`);
  await page.goto(`${evil.url}/csrf`);
  const answer = await posted;
  expect(answer.status()).toBe(403);
  expect(answer.headers()["set-cookie"]).toBeUndefined();
  expect(await answer.text()).toMatch(/origin_not_allowed|cross_site_form/);

  expect(await emulator.configure({})).toEqual(before.settings);
  expect(await sessionCookie()).toBe(before.cookie);
  expect(await sessionEmail()).toBe(ADA);
  const planted = await fetch(`${emulator.url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "planted@evil.example", password: "known-password-1" }),
  });
  expect(planted.status).toBe(404);
  await page.close();
});

it("answers the allowed app's credentialed calls", async () => {
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  const email = await page.evaluate(async (emu) => {
    const response = await fetch(`${emu}/api/v1/refresh_token`, { credentials: "include" });
    return ((await response.json()) as { user: { email: string } }).user.email;
  }, emulator.url);
  expect(email).toBe(ADA);
  await page.close();
});

/** Every backend route of the contract as a page would call it: method and path, ids filled in with the demo's. */
async function backendRoutes(): Promise<{ method: string; path: string }[]> {
  const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
  return backendOperationsOf(contract).map((op) => ({
    method: op.method.toUpperCase(),
    path: op.path.replace(/\{(\w+)\}/g, (_, name: string) => (/org/i.test(name) ? DEMO_IDS.acme : DEMO_IDS.grace)),
  }));
}

it("answers no page, of another port or the allowed app, on any backend route, the integration API key in hand", async () => {
  const routes = await backendRoutes();
  const page = await context.newPage();
  for (const origin of [evil.url, app.url]) {
    await page.goto(`${origin}/`);
    const outcomes = await page.evaluate(
      async ({ emu, key, routes }) => {
        const outcome = async (call: () => Promise<Response>) => {
          try {
            const response = await call();
            return response.type === "opaque" ? "opaque" : `${response.status} ${await response.text()}`;
          } catch (error) {
            return `blocked: ${(error as Error).name}`;
          }
        };
        const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
        const called = await Promise.all(
          routes.map(async ({ method, path }) => {
            const body = method === "GET" ? null : "{}";
            return `${method} ${path}: ${await outcome(() => fetch(`${emu}${path}`, { method, headers, body }))}`;
          }),
        );
        // A "simple" request needs no preflight: the server must refuse it itself.
        const simple = await outcome(() =>
          fetch(`${emu}/api/backend/v1/user/`, {
            method: "POST",
            mode: "no-cors",
            headers: { "Content-Type": "text/plain" },
            body: JSON.stringify({ email: "planted@evil.example", password: "known-password-1" }),
          }),
        );
        return { called, simple };
      },
      { emu: emulator.url, key: emulator.apiKey, routes },
    );
    expect(outcomes.called).toEqual(routes.map(({ method, path }) => `${method} ${path}: blocked: TypeError`));
    expect(outcomes.simple).toBe("opaque");
  }
  await page.close();
  const grace = await fetch(`${emulator.url}/api/backend/v1/user/${DEMO_IDS.grace}`, {
    headers: { Authorization: `Bearer ${emulator.apiKey}` },
  });
  expect(grace.status).toBe(200);
  const refused = await fetch(`${emulator.url}/api/backend/v1/user/${DEMO_IDS.grace}`, {
    headers: { Authorization: `Bearer ${emulator.apiKey}`, "Sec-Fetch-Site": "same-site" },
  });
  expect(refused.status).toBe(403);
});
