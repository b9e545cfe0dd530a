/**
 * Every screen at 360 px, 390 px and 1280 px: nothing wider than the window, the navigation in reach, the developer
 * toolbar folded below the page on a phone (never over it), the sign-in tabs on one row at desktop width, and a
 * full-page screenshot of each (test-results/screenshots/, gitignored) to look at.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { currentTotp } from "../../src/emulator/tokens/totp.js";
import { signOut, submitPassword, waitSignedIn } from "./demo-actions.js";
import { DESKTOP, NARROW_PHONE, PHONE, useDemo, type Viewport } from "./demo-harness.js";
import { SCREENS, visit } from "./demo-screens.js";

const demo = useDemo();
const mock = useDemo("prism");

/** How far the page is wider than the window (0: no sideways scrolling). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** True when the element is inside the window horizontally (a person can see it without scrolling sideways). */
async function withinWidth(page: Page, name: string, role: "link" | "button" | "tab"): Promise<boolean> {
  const box = await page.getByRole(role, { name, exact: true }).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

async function expectFits(page: Page, screen: string): Promise<void> {
  expect({ screen, overflow: await overflow(page) }).toEqual({ screen, overflow: 0 });
}

/** On a phone the toolbar starts folded to one line and sits after the page's content, not over it. */
async function expectToolbarOutOfTheWay(page: Page): Promise<void> {
  const toolbar = page.getByRole("complementary", { name: "Scenario toolbar" });
  await page.getByRole("button", { name: "Developer toolbar", exact: true }).waitFor();
  expect(await page.getByLabel("Scenario", { exact: true }).count()).toBe(0);
  expect(await toolbar.evaluate((node) => getComputedStyle(node).position)).toBe("static");
  const mainBottom = await page.locator("main").evaluate((node) => node.getBoundingClientRect().bottom);
  const toolbarTop = await toolbar.evaluate((node) => node.getBoundingClientRect().top);
  expect(toolbarTop).toBeGreaterThanOrEqual(mainBottom);
  expect((await toolbar.boundingBox())!.height).toBeLessThan(50);
}

const TABS = ["Password", "Magic link", "SSO", "Sign up", "Forgot password"];

async function visitEveryScreen(viewport: Viewport, label: string): Promise<void> {
  const page = await demo.open("/", viewport);
  await waitSignedIn(page);
  const phone = viewport.width < 640;
  for (const screen of SCREENS) {
    await visit(page, demo.url, screen);
    await expectFits(page, screen.name);
    for (const [name, role] of [
      ["API keys", "link"],
      ["Sign out", "button"],
    ] as const) {
      expect({ screen: screen.name, name, visible: await withinWidth(page, name, role) }).toEqual({
        screen: screen.name,
        name,
        visible: true,
      });
    }
    if (phone) await expectToolbarOutOfTheWay(page);
    await demo.screenshot(page, `${label}-${screen.name}`);
  }

  // the moments shown once: a new API key's token, and the backup codes right after turning MFA on
  await page.goto(new URL("/api_keys", demo.url).href);
  await page.getByLabel("Name", { exact: true }).fill("Laptop CLI");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("status", { name: "New API key" }).waitFor();
  await expectFits(page, "api-key-created");
  await demo.screenshot(page, `${label}-api-key-created`);
  await page.goto(new URL("/account", demo.url).href);
  const mfa = page.getByRole("region", { name: "Two-factor authentication" });
  // the emulator's fresh secret once it is shown (a code from anything else is refused)
  await expect.poll(() => mfa.getByLabel("MFA secret").innerText()).toMatch(/^[A-Z2-7]{32}$/);
  await mfa.getByLabel("Code from the app").fill(currentTotp(await mfa.getByLabel("MFA secret").innerText()));
  await mfa.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await mfa.getByText("Two-factor authentication is on.").waitFor();
  await mfa.getByRole("list", { name: "Backup codes" }).getByRole("listitem").first().waitFor();
  await expectFits(page, "account-mfa-on");
  await demo.screenshot(page, `${label}-account-mfa-on`);

  await signOut(page);
  await expectFits(page, "sign-in");
  for (const tab of TABS) expect({ tab, visible: await withinWidth(page, tab, "tab") }).toEqual({ tab, visible: true });
  if (!phone) {
    // at desktop width the five tabs share one row
    const tops = await Promise.all(
      TABS.map(async (name) => (await page.getByRole("tab", { name, exact: true }).boundingBox())!.y),
    );
    expect(new Set(tops).size).toBe(1);
  }
  await demo.screenshot(page, `${label}-sign-in`);
  for (const tab of TABS.slice(1)) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await expectFits(page, tab);
    await demo.screenshot(page, `${label}-sign-in-${tab.toLowerCase().replaceAll(" ", "-")}`);
  }
  await page.getByRole("tab", { name: "Password", exact: true }).click();
  await submitPassword(page, "not her password");
  await page.getByRole("alert").getByText("Invalid email or password").waitFor();
  await expectFits(page, "sign-in-error");
  await demo.screenshot(page, `${label}-sign-in-error`);
}

describe("every screen fits", () => {
  it("at the narrowest supported phone width (360 px)", () => visitEveryScreen(NARROW_PHONE, "phone-360"));
  it("at phone width (390 px)", () => visitEveryScreen(PHONE, "phone"));
  it("at desktop width (1280 px), where the sign-in tabs share one row", () => visitEveryScreen(DESKTOP, "desktop"));
  it("on the Prism mock (the overview and toolbar as they read there)", async () => {
    for (const [viewport, label] of [
      [NARROW_PHONE, "prism-phone-360"],
      [DESKTOP, "prism-desktop"],
    ] as const) {
      const page = await mock.open("/", viewport);
      await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
      await expectFits(page, label);
      await mock.screenshot(page, `${label}-overview`);
    }
  });
});
