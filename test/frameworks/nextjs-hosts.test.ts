/**
 * The Next.js example's server session where host names differ, and where the setup is wrong: the app on
 * `localhost` with the emulator on 127.0.0.1 and the reverse sign in and render signed in (the cookies are the
 * app's own); a broken cookie, a wrong API key and a wrong redirect URI end in a named error, never a loop.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, signInOnServerLogin } from "./hosted-login.js";
import { OWNER } from "./seed.js";

const next = inject("next");
const emulatorUrl = inject("serverSessionEmulatorUrl");
const reverseEmulatorUrl = inject("reverseEmulatorUrl");
const browser = chromiumForFile();

/** Counts the page's top-level navigations (a loop shows as many). */
function countNavigations(page: Page): () => number {
  let count = 0;
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) count++;
  });
  return () => count;
}

describe("the server session across host names", () => {
  it.each([
    ["the app on localhost, the emulator on 127.0.0.1", next.appOnLocalhost, emulatorUrl],
    ["the app on 127.0.0.1, the emulator on localhost", next.emulatorOnLocalhost, reverseEmulatorUrl],
  ])("%s: signs in and the first HTML is signed in", async (_, appUrl, authUrl) => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/dashboard`);
    await signInOnServerLogin(page, authUrl, OWNER);
    await page.waitForURL(`${appUrl}/dashboard`);
    const html = await (await context.request.get(`${appUrl}/dashboard`)).text();
    expect(html).toContain(`${OWNER}<!-- --> in <!-- -->`);
    await context.close();
  });
});

describe("no redirect loop", () => {
  /** Signs in on the hosted page, then waits for the page to settle and returns its text and navigation count. */
  async function loginThatFails(appUrl: string, prepare?: (page: Page) => Promise<void>) {
    const context = await browser().newContext();
    const page = await context.newPage();
    await prepare?.(page);
    const navigations = countNavigations(page);
    await page.goto(`${appUrl}/dashboard`);
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(2000); // a loop would go on meanwhile
    const text = await page.locator("body").innerText();
    const result = { text, navigations: navigations(), url: page.url() };
    await context.close();
    return result;
  }

  it("a wrong API key: the callback names invalid_api_key", async () => {
    const result = await loginThatFails(next.wrongApiKey);
    expect(result.text).toContain("invalid_api_key");
    expect(result.navigations).toBeLessThan(8);
  });

  it("a redirect URI on the other host name: the login ends on a named error, not back at the login", async () => {
    const result = await loginThatFails(next.wrongRedirectUri);
    expect(result.text).toContain("host_name_mismatch");
    expect(result.navigations).toBeLessThan(8);
  });

  it("a cookie the browser does not keep: the second trip names cookie_not_set", async () => {
    const result = await loginThatFails(next.main, async (page) => {
      // the app's answers reach the browser without their Set-Cookie headers: it never holds the app's cookies
      await page.route(`${next.main}/**`, async (route) => {
        const request = route.request();
        const body = request.postDataBuffer();
        const headers = Object.fromEntries(
          Object.entries(await request.allHeaders()).filter(([name]) => !/^(host|content-length)$/i.test(name)),
        );
        const response = await fetch(request.url(), {
          method: request.method(),
          headers,
          body: body === null ? null : new Uint8Array(body),
          redirect: "manual",
        });
        const kept = [...response.headers].filter(
          ([name]) => !/^(set-cookie|content-encoding|content-length)$/i.test(name),
        );
        await route.fulfill({
          status: response.status,
          headers: Object.fromEntries(kept),
          body: Buffer.from(await response.arrayBuffer()),
        });
      });
    });
    expect(result.text).toMatch(/cookie_not_set|state_mismatch/);
    expect(result.navigations).toBeLessThan(12);
  });

  it("a garbled session cookie reads as signed out: one trip to the login, then signed in", async () => {
    const context = await browser().newContext();
    const { hostname } = new URL(next.main);
    await context.addCookies(
      ["__pa_at", "__pa_rt"].map((name) => ({ name, value: "garbled", domain: hostname, path: "/" })),
    );
    const page = await context.newPage();
    const navigations = countNavigations(page);
    await page.goto(`${next.main}/dashboard`);
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${next.main}/dashboard`);
    expect(await page.getByTestId("server-user").textContent()).toContain(OWNER);
    expect(navigations()).toBeLessThan(8);
    await context.close();
  });
});
