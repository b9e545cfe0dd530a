/** Signing in as a person does: on the emulator's hosted login page, which sends the browser back to the app. */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "../support/chromium.js";
import { PASSWORD } from "./seed.js";

/**
 * Headless Chromium for the test file: started before its tests, closed after them (a Chromium of its own: one shared
 * by the stage's files left a page-view test waiting out its timeout in a fresh-clone CI run).
 */
export function chromiumForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** Waits for the hosted login page (on `emulatorUrl`), fills it in and submits; returns the `returnTo` it carried. */
export async function signInOnHostedPage(page: Page, emulatorUrl: string, email: string): Promise<string | null> {
  await page.waitForURL((url) => url.origin === new URL(emulatorUrl).origin && url.pathname === "/login");
  const rt = new URL(page.url()).searchParams.get("rt");
  // the page also has an e-mail-link form: use the one with the password
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Log in" }) });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
  return rt === null ? null : Buffer.from(rt, "base64").toString("utf8");
}

/**
 * Signs in on the emulator's login for an app's server (GET /propelauth/ssr/authorize shows it while signed out),
 * which then sends the browser to the app's callback.
 */
export async function signInOnServerLogin(page: Page, emulatorUrl: string, email: string): Promise<void> {
  await page.waitForURL(
    (url) => url.origin === new URL(emulatorUrl).origin && url.pathname === "/propelauth/ssr/authorize",
  );
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Log in" }) });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
}
