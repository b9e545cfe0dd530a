/**
 * At 360 px and 1280 px: the demo's header links and toolbar buttons are at least 24 × 24 px (WCAG 2.5.8's minimum
 * target size), and the emulator's own pages (home, an expired link, an outbox with mail in it) fit the window, keep their
 * links on screen and load without a failed request (no `/favicon.ico` 404).
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { waitSignedIn } from "./demo-actions.js";
import { DEMO_USER, DESKTOP, NARROW_PHONE, useDemo, type Viewport } from "./demo-harness.js";

const demo = useDemo();
const MIN_TARGET_PX = 24;

/** The visible elements matching `selector` smaller than the minimum target, as "text width×height". */
function smallTargets(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(
    selector,
    (nodes, min) =>
      nodes.flatMap((node) => {
        const { width, height } = node.getBoundingClientRect();
        if (width === 0 && height === 0) return []; // not rendered
        if (width >= min && height >= min) return [];
        return [`${node.textContent?.trim()} ${Math.round(width)}×${Math.round(height)}`];
      }),
    MIN_TARGET_PX,
  );
}

/** How far the page is wider than the window (0: no sideways scrolling). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The links of the page that end beyond the window's right edge. */
function linksOffScreen(page: Page): Promise<string[]> {
  return page.$$eval("a", (links) =>
    links.filter((link) => link.getBoundingClientRect().right > window.innerWidth).map((link) => link.href),
  );
}

const SIZES: [string, Viewport][] = [
  ["360 px", NARROW_PHONE],
  ["1280 px", DESKTOP],
];

describe.each(SIZES)("at %s", (_label, viewport) => {
  it("the demo's header links and toolbar buttons are at least 24 × 24 px", async () => {
    const page = await demo.open("/", viewport);
    await waitSignedIn(page);
    expect(await smallTargets(page, ".topbar a, .topbar button")).toEqual([]);
    const toolbar = page.getByRole("complementary", { name: "Scenario toolbar" });
    const toggle = toolbar.locator("button[aria-expanded]");
    if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click(); // folded on a phone
    await page.getByLabel("Scenario", { exact: true }).waitFor();
    expect(await smallTargets(page, ".toolbar button")).toEqual([]);
  });

  it("the emulator's pages fit the window and load without a failed request", async () => {
    const emulator = inject("emulatorUrl");
    const context = await demo.newContext(viewport);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname === "/favicon.ico") failed.push(response.url());
    });
    // a login link for Ada puts mail in the outbox (this context is signed in, so the form pages redirect)
    const sent = await context.request.post(new URL("/api/fe/v3/login_passwordless", emulator).href, {
      data: { email: DEMO_USER.email, create_if_doesnt_exist: false },
      headers: { "X-CSRF-Token": "-.-" },
    });
    expect(sent.ok()).toBe(true);
    for (const path of ["/", "/link", "/outbox"]) {
      await page.goto(new URL(path, emulator).href);
      await page.waitForLoadState("load");
      // a page that names no icon makes the browser ask for /favicon.ico (a 404 in the console)
      const icon = await page.locator('link[rel~="icon"]').count();
      const offScreen = await linksOffScreen(page);
      expect({ path, overflow: await overflow(page), offScreen, icon }).toEqual({
        path,
        overflow: 0,
        offScreen: [],
        icon: 1,
      });
    }
    expect(await page.getByRole("link", { name: "open" }).count()).toBeGreaterThan(0);
    expect(failed).toEqual([]);
  });
});
