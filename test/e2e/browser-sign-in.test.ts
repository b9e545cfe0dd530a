/**
 * An end-to-end suite's shortcut past the hosted login: `signInBrowser` (orgauth/testing) puts a seeded user's
 * session into a fresh browser context through the emulator's admin API, and the demo opens signed in.
 */
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { signInBrowser } from "../../src/testing/index.js";
import { connectChromium } from "../support/shared-chromium.js";
import { DEMO_USER } from "./demo-harness.js";

let browser: Browser;
beforeAll(async () => {
  browser = await connectChromium();
});
afterAll(() => browser?.close());

it("signInBrowser signs a seeded user in without the login form: the demo opens on the overview", async () => {
  const context = await browser.newContext();
  try {
    const emulatorUrl = inject("emulatorUrl");
    const adminSecret = inject("emulatorSecret");
    const { userId } = await signInBrowser(context, { emulatorUrl, adminSecret, user: { email: DEMO_USER.email } });
    expect(userId).toMatch(/\S/);
    const page = await context.newPage();
    await page.goto(inject("demoUrl"));
    await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor({ timeout: 30_000 });
    await expect(
      signInBrowser(context, { emulatorUrl, adminSecret: "wrong", user: { email: DEMO_USER.email } }),
    ).rejects.toThrow(/403 admin_secret_required/);
  } finally {
    await context.close();
  }
});
