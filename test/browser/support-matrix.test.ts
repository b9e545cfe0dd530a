/**
 * The declared browser range in real browsers: a development build of an app (the client alone, the provider, the
 * login guard, a generated hook) on the emulator, in the current Chromium and in Chromium 119, the oldest the range
 * (package.json's browserslist) promises — older than `URL.canParse`, `Promise.withResolvers` and the like. The app
 * must sign in, list an org's members and throw nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS, DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { bundleBrowserScript } from "../support/browser-script.js";
import { launchOldestChromium } from "../support/chromium.js";
import { connectChromium } from "../support/shared-chromium.js";

let emulator: RunningEmulator;
let app: Server;
let appUrl: string;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed });
  const script = await bundleBrowserScript(new URL("./smoke-page.tsx", import.meta.url), "development");
  app = createServer((req, res) => {
    if (req.url === "/app.js") {
      res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
      return;
    }
    res
      .writeHead(200, { "Content-Type": "text/html" })
      .end('<!doctype html><p id="client"></p><div id="root"></div><script type="module" src="/app.js"></script>');
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve)); // the emulator's host name
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  app?.closeAllConnections();
  await new Promise((resolve) => app?.close(resolve));
  await emulator?.stop();
});

const packagedBrowsersRun = process.platform === "linux" && process.arch === "x64";

describe.each([
  { name: "the current Chromium", launch: connectChromium, oldest: false },
  { name: "Chromium 119, the oldest in range", launch: launchOldestChromium, oldest: true },
])("$name", ({ launch, oldest }) => {
  let browser: Browser;
  beforeAll(async () => {
    if (!oldest || packagedBrowsersRun) browser = await launch();
  });
  afterAll(() => browser?.close());

  it.skipIf(oldest && !packagedBrowsersRun)(
    "a development build signs in, lists an org's members through a generated hook, and throws nothing",
    async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${emulator.url}/login`);
      await page.fill('input[name="email"]', "ada@acme.example");
      await page.fill('input[name="password"]', DEMO_PASSWORD);
      await Promise.all([page.waitForURL(/\/account/), page.click('button[type="submit"]')]);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on(
        "console",
        (message) => message.type() === "error" && errors.push(`${message.text()} ${message.location().url}`),
      );

      await page.goto(`${appUrl}?auth=${encodeURIComponent(emulator.url)}&org=${DEMO_IDS.acme}`);
      await expect(page.locator("#signed-in").textContent({ timeout: 60_000 })).resolves.toBe(
        "Signed in as ada@acme.example",
      );
      // "…" while the generated hook loads: wait for the count itself
      await page.locator("#members", { hasText: /^[1-9]\d* members$/ }).waitFor({ timeout: 60_000 });
      await expect(page.locator("#client").textContent()).resolves.toBe("logged_in");
      expect(errors).toEqual([]);
      if (oldest) expect(await page.evaluate(() => "canParse" in URL)).toBe(false); // the range's floor, for real
      await context.close();
    },
  );
});
