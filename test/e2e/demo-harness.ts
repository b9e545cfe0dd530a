/**
 * E2E harness: the demo (Prism + Vite, started once per run by demo-global-setup.ts) and headless Debian
 * Chromium (playwright-core). Each test file calls `useDemo()` once at top level; it launches the browser in
 * beforeAll and closes it in afterAll.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { repoRoot } from "../../scripts/lib/prism.js";

/** Where screenshots of the main screens are written (gitignored). */
export const SCREENSHOT_DIR = join(repoRoot, "test-results", "screenshots");

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The running demo and browser of one test file. */
export interface DemoHarness {
  readonly url: string;
  /** A fresh browser context (its own cookies and storage: a new visitor). */
  newContext(): Promise<BrowserContext>;
  /** A page in a fresh context, opened at `path` of the demo. */
  open(path?: string): Promise<Page>;
  /** Writes a full-page screenshot to test-results/screenshots/<name>.png. */
  screenshot(page: Page, name: string): Promise<string>;
}

/** Launches Chromium for the calling test file, against the demo the global setup started. */
export function useDemo(): DemoHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await Promise.allSettled(contexts.map((context) => context.close()));
    await browser?.close();
  });

  const harness: DemoHarness = {
    get url() {
      return inject("demoUrl");
    },
    async newContext() {
      if (!browser) throw new Error("the browser is not running");
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context;
    },
    async open(path = "/") {
      const context = await harness.newContext();
      const page = await context.newPage();
      await page.goto(new URL(path, harness.url).href);
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
  };
  return harness;
}
