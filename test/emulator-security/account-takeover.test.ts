/**
 * The account-takeover chains, run from real Chromium pages on other loopback origins against an emulator with the
 * default allowed origins (every loopback port is an allowed app origin): a page asks for a login link or a reset
 * link, then tries to read it from the hosted outbox. The outbox is the developer's page, so the chain stops there:
 * the page holds no link, no session and no new password. The developer's own browser still opens the outbox.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { connectChromium } from "../support/shared-chromium.js";
import { type LocalServer, startLocalServer } from "../support/local-server.js";
import { ADA, feHeaders } from "./harness.js";

const GRACE = "grace@acme.example";
let emulator: RunningEmulator;
let attacker: LocalServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  attacker = await startLocalServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>another app</title>");
  });
  emulator = await startEmulator({ seed: demoSeed });
  browser = await connectChromium();
}, 120_000);

beforeEach(async () => {
  await context?.close();
  await emulator.reset();
  context = await browser.newContext();
  context.setDefaultTimeout(15_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await emulator?.stop();
  await attacker?.close();
});

/** The attacker's page on `host` (127.0.0.1: same site as the emulator; localhost: another site). */
async function attackerPage(host: "127.0.0.1" | "localhost"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(attacker.url.replace("127.0.0.1", host));
  return page;
}

/**
 * In the attacker's page: asks for an e-mail link through the fe API (`call`), then tries every way a page has to
 * read the outbox (a CORS fetch with and without credentials, a no-cors fetch) and returns what it could read.
 */
function requestAndReadOutbox(page: Page, call: "login_passwordless" | "forgot_password") {
  return page.evaluate(
    async ({ emu, call, email, headers }) => {
      const asked = await fetch(`${emu}/api/fe/v3/${call}`, {
        method: "POST",
        credentials: "include",
        headers,
        body: JSON.stringify({ email }),
      });
      const tries: Record<string, string> = {};
      const outbox = `${emu}/outbox?to=${encodeURIComponent(email)}`;
      for (const [name, init] of Object.entries({
        credentialed: { credentials: "include" },
        plain: {},
        noCors: { mode: "no-cors" },
      } satisfies Record<string, RequestInit>)) {
        try {
          const response = await fetch(outbox, init);
          tries[name] = response.type === "opaque" ? "opaque" : `${response.status} ${await response.text()}`;
        } catch (error) {
          tries[name] = `blocked: ${(error as Error).name}`;
        }
      }
      return { asked: asked.status, tries };
    },
    { emu: emulator.url, call, email: GRACE, headers: feHeaders },
  );
}

/** Whether any text holds one of the emulator's single-use links. */
const holdsLink = (texts: string[]) => texts.some((text) => /\/link\?i=/.test(text));

it("stops the magic-link chain from another port of 127.0.0.1: no link, no session as Grace", async () => {
  const page = await attackerPage("127.0.0.1");
  const { asked, tries } = await requestAndReadOutbox(page, "login_passwordless");
  expect([200, 204]).toContain(asked);
  // the link was sent (the developer sees it), but no way of reading it from the page got it
  expect((await emulator.outbox(GRACE)).some((m) => m.kind === "magic_link")).toBe(true);
  expect(holdsLink(Object.values(tries))).toBe(false);
  expect(tries.credentialed).toBe("blocked: TypeError");
  expect(tries.noCors).toBe("opaque");
  const session = await page.evaluate(async (emu) => {
    const response = await fetch(`${emu}/api/v1/refresh_token`, { credentials: "include" });
    return response.status;
  }, emulator.url);
  expect(session).toBe(401);
});

it("stops the reset-link chain from localhost (another site): the password stays the same", async () => {
  const page = await attackerPage("localhost");
  const { asked, tries } = await requestAndReadOutbox(page, "forgot_password");
  expect([200, 204]).toContain(asked);
  expect((await emulator.outbox(GRACE)).some((m) => m.kind === "reset_password")).toBe(true);
  expect(holdsLink(Object.values(tries))).toBe(false);
  const login = await fetch(`${emulator.url}/api/fe/v3/login`, {
    method: "POST",
    headers: feHeaders,
    body: JSON.stringify({ email: GRACE, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
});

it("refuses a logout posted by another page as a form or a no-cors request; the session stays", async () => {
  const page = await context.newPage();
  await page.goto(`${emulator.url}/login`);
  await page.fill("input[name=email]", ADA);
  await page.fill("input[name=password]", DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/account/), page.click("button")]);
  const evil = await attackerPage("127.0.0.1");
  const noCors = await evil.evaluate(async (emu) => {
    const response = await fetch(`${emu}/api/v1/logout`, {
      method: "POST",
      mode: "no-cors",
      credentials: "include",
      headers: { "Content-Type": "text/plain" },
      body: "{}",
    });
    return response.type;
  }, emulator.url);
  expect(noCors).toBe("opaque");
  const posted = evil.waitForResponse((response) => response.url() === `${emulator.url}/api/v1/logout`);
  await evil.setContent(
    `<form id="f" method="post" action="${emulator.url}/api/v1/logout"></form><script>document.getElementById("f").submit()</script>`,
  );
  expect((await posted).status()).toBe(415);
  const still = await page.evaluate(async () => (await fetch("/api/v1/refresh_token")).status);
  expect(still).toBe(200);
});

it("still opens the outbox for the developer: by address, from a link on another page, from its own pages", async () => {
  const page = await attackerPage("localhost");
  await page.evaluate(
    async ({ emu, email, headers }) => {
      await fetch(`${emu}/api/fe/v3/login_passwordless`, { method: "POST", headers, body: JSON.stringify({ email }) });
    },
    { emu: emulator.url, email: GRACE, headers: feHeaders },
  );
  await page.setContent(`<a href="${emulator.url}/outbox">outbox</a>`);
  await Promise.all([page.waitForURL(`${emulator.url}/outbox`), page.click("a")]);
  expect(await page.content()).toMatch(/\/link\?i=magic/);
  const own = await page.evaluate(async () => (await fetch("/outbox")).text());
  expect(own).toMatch(/\/link\?i=magic/);
  const typed = await context.newPage();
  await typed.goto(`${emulator.url}/outbox`);
  expect(await typed.content()).toMatch(/\/link\?i=magic/);
});
