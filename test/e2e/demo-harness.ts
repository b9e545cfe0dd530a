/**
 * E2E harness: the demo (started once per run by demo-global-setup.ts, on the emulator and on the Prism mock) and
 * the stage's one headless Chromium (test/support/chromium-global-setup.ts). Each test file calls `useDemo()` once
 * at top level; it connects to the browser in beforeAll and disconnects in afterAll, and closes the contexts a test
 * opened when it ends; on the emulator, every test starts from the demo seed (a reset through the emulator's admin
 * API before each).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectChromium } from "../support/shared-chromium.js";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { DEMO_PASSWORD } from "../../src/emulator/seeds/demo-seed.js";

/** Where screenshots of the main screens are written (gitignored). */
export const SCREENSHOT_DIR = join(repoRoot, "test-results", "screenshots");

/**
 * A full-page capture lays the whole page out in one tall frame, where the toolbar (sticky at the bottom of the
 * viewport) would be drawn over the middle of the content. For the capture it is put back in the flow, so it
 * shows once, below everything else.
 */
const UNPIN_TOOLBAR = ".toolbar { position: static !important; max-height: none !important; }";

/** A browser window's size in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

/** The window size of a desktop browser. */
export const DESKTOP: Viewport = { width: 1280, height: 900 };

/** A phone held upright (the width the demo was first reported broken at). */
export const PHONE: Viewport = { width: 390, height: 844 };

/** The narrowest phone the demo supports. */
export const NARROW_PHONE: Viewport = { width: 360, height: 740 };

/** The demo's backend: the emulator (real state; the scenario toolbar's calls still go to Prism) or the Prism mock alone. */
export type DemoBackendName = "emulator" | "prism";

/** The person every fresh context is signed in as on the emulator (the Prism mock's session is this person too). */
export const DEMO_USER = { email: "ada@acme.example", password: DEMO_PASSWORD };

/** The running demo and browser of one test file. */
export interface DemoHarness {
  readonly url: string;
  readonly backend: DemoBackendName;
  /**
   * A fresh browser context (its own cookies and storage: a new visitor), desktop-sized unless `viewport` says
   * otherwise, signed in as Ada (on the emulator by a real password login; the Prism mock's session always is).
   */
  newContext(viewport?: Viewport): Promise<BrowserContext>;
  /** A page in a fresh context, opened at `path` of the demo. */
  open(path?: string, viewport?: Viewport): Promise<Page>;
  /**
   * Writes a full-page screenshot to test-results/screenshots/<name>.png (the scenario toolbar below the content,
   * not over it). The README's picture comes from `npm run docs:screenshot` instead.
   */
  screenshot(page: Page, name: string): Promise<string>;
}

/** Signs a browser context in through the app's own origin, as the sign-in form would. */
async function signIn(context: BrowserContext, demoUrl: string): Promise<void> {
  const answer = await context.request.post(new URL("/api/fe/v3/login", demoUrl).href, {
    data: DEMO_USER,
    headers: { "X-CSRF-Token": "-.-" },
  });
  if (!answer.ok())
    throw new Error(`Signing in as ${DEMO_USER.email} failed: ${answer.status()} ${await answer.text()}`);
}

/**
 * Connects the calling test file to the stage's Chromium, against the demo the global setup started on `backend`
 * (the emulator by default). A file may call it once per backend.
 */
export function useDemo(backend: DemoBackendName = "emulator"): DemoHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeEach(async () => {
    if (backend !== "emulator") return;
    const reset = await fetch(new URL("/__emulator/reset", inject("emulatorUrl")), {
      method: "POST",
      headers: { "x-emulator-secret": inject("emulatorSecret") },
    });
    if (!reset.ok) throw new Error(`Resetting the emulator failed: ${reset.status}`);
  });
  beforeAll(async () => {
    browser = await connectChromium();
  });
  // a test's pages close with it: left open, their timers and rendering would run through the rest of the file
  afterEach(async () => {
    await Promise.allSettled(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const harness: DemoHarness = {
    get url() {
      return backend === "emulator" ? inject("demoUrl") : inject("prismDemoUrl");
    },
    backend,
    async newContext(viewport = DESKTOP) {
      if (!browser) throw new Error("the browser is not running");
      const context = await browser.newContext({ viewport });
      // 30 s as expect.poll in the loaded-machine projects: CI runs three stages on two cores (a step waited 10 s there)
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      if (backend === "emulator") await signIn(context, harness.url);
      return context;
    },
    async open(path = "/", viewport = DESKTOP) {
      const context = await harness.newContext(viewport);
      const page = await context.newPage();
      await page.goto(new URL(path, harness.url).href);
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      const style = await page.addStyleTag({ content: UNPIN_TOOLBAR });
      try {
        await page.screenshot({ path, fullPage: true, animations: "disabled", caret: "hide" });
      } finally {
        await style.evaluate((node) => node.parentNode?.removeChild(node));
      }
      return path;
    },
  };
  return harness;
}
