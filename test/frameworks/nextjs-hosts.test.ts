/**
 * The Next.js example's server session where host names differ, and where the setup is wrong: the app on
 * `localhost` with the emulator on 127.0.0.1 and the reverse sign in and render signed in (the cookies are the
 * app's own); a protected page opened on another host name than the redirect URI's sends the visitor to the login
 * on the redirect URI's origin; a wrong API key and the login route itself opened on the other host name (the browser
 * keeps none of the login's cookies for the callback) end in a named error, a garbled session cookie in one trip to
 * the login; never a loop.
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
    await page.goto(`${appUrl}/app/dashboard`);
    await signInOnServerLogin(page, authUrl, OWNER);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    const html = await (await context.request.get(`${appUrl}/app/dashboard`)).text();
    expect(html).toContain(`${OWNER}<!-- --> in <!-- -->`);
    await context.close();
  });
});

describe("no redirect loop", () => {
  /** Signs in on the hosted page, then waits for the page to settle and returns its text and navigation count. */
  async function loginThatFails(appUrl: string, path = "/app/dashboard") {
    const context = await browser().newContext();
    const page = await context.newPage();
    const navigations = countNavigations(page);
    await page.goto(`${appUrl}${path}`);
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

  it("a protected page on another host name than the redirect URI's: the login on the redirect URI's origin", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const canonical = new URL(next.wrongRedirectUri);
    canonical.hostname = "localhost";
    await page.goto(`${next.wrongRedirectUri}/app/dashboard`);
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${canonical.origin}/app/dashboard`);
    expect(await page.getByTestId("server-user").textContent()).toContain(OWNER);
    await context.close();
  });

  it("the login route opened on another host name than the redirect URI's: a named error, not a loop", async () => {
    const result = await loginThatFails(next.wrongRedirectUri, "/auth/login?return_to_path=%2Fapp%2Fdashboard");
    // the cookies were set on 127.0.0.1 and the callback is on localhost: to the app the browser kept none
    expect(result.text).toContain("Error code: host_name_mismatch");
    expect(result.navigations).toBeLessThan(8);
  });

  it("a garbled session cookie reads as signed out: one trip to the login, then signed in", async () => {
    const context = await browser().newContext();
    const { hostname } = new URL(next.main);
    await context.addCookies(
      ["__pa_at", "__pa_rt"].map((name) => ({ name, value: "garbled", domain: hostname, path: "/" })),
    );
    const page = await context.newPage();
    const navigations = countNavigations(page);
    await page.goto(`${next.main}/app/dashboard`);
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${next.main}/app/dashboard`);
    expect(await page.getByTestId("server-user").textContent()).toContain(OWNER);
    expect(navigations()).toBeLessThan(8);
    await context.close();
  });
});
