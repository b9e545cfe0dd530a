import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { connectChromium } from "../support/shared-chromium.js";

/** Where the admin UI's screenshots go: test-results/admin-ui/ of this checkout (gitignored), never shared by two. */
export const SHOTS = join(repoRoot, "test-results", "admin-ui");

/** The emulator (demo seed, reset before each test) and Chromium for one admin UI test file. */
export interface AdminUiHarness {
  readonly emulator: RunningEmulator;
  /** Opens the admin UI at `width` px on `tab`, once the tab has drawn; page errors are collected in `errors`. */
  open(width: number, tab?: string): Promise<Page & { errors: Error[] }>;
  /** An admin API GET with the secret, as a Node client must send it. */
  get<T>(path: string): Promise<T>;
}

/** Starts the emulator and the browser for the calling file. */
export function useAdminUi(): AdminUiHarness {
  let emulator: RunningEmulator | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    emulator = await startEmulator({ seed: demoSeed });
    browser = await connectChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await emulator?.stop();
  });
  beforeEach(() => emulator!.reset());
  return {
    get emulator() {
      return emulator!;
    },
    async open(width, tab = "users") {
      const page = (await browser!.newPage({ viewport: { width, height: 800 }, acceptDownloads: true })) as Page & {
        errors: Error[];
      };
      page.errors = [];
      page.on("pageerror", (error) => page.errors.push(error));
      await page.goto(`${emulator!.adminUiUrl}#${tab}`);
      await page.locator("#main .card, #main .log, #main textarea").first().waitFor();
      return page;
    },
    async get<T>(path: string) {
      const answer = await fetch(`${emulator!.url}/__emulator${path}`, {
        headers: { "x-emulator-secret": emulator!.secret },
      });
      return (await answer.json()) as T;
    },
  };
}

/** A user's card in the Users tab. */
export const userCard = (page: Page, email: string) => page.locator(`li[data-user="${email}"]`);
/** An org's card in the Orgs tab. */
export const orgCard = (page: Page, name: string) => page.locator(`li[data-org="${name}"]`);
/** Waits until the status line says `text` (a success). */
export const done = (page: Page, text: string) => page.locator("#status:not(.error)", { hasText: text }).waitFor();
/** Waits until the status line shows an error containing `text`. */
export const failed = (page: Page, text: string) => page.locator("#status.error", { hasText: text }).waitFor();
