/**
 * examples/nextjs (App Router), built from the packed package and served by `next start`, in headless Chromium
 * against the emulator: what the server renders, the client session, a guard, a generated hook, a server component
 * that prefetches with the generated query options and key factories, and a route handler that calls the API with
 * the visitor's cookie.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, signInOnHostedPage } from "./hosted-login.js";
import { MEMBER, ORG, OWNER } from "./seed.js";

const nextUrl = inject("nextUrl");
const emulatorUrl = inject("frameworksEmulatorUrl");
const browser = chromiumForFile();

/** A fresh browser profile (no session) with one page. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext();
  return { context, page: await context.newPage() };
}

describe("the Next.js example", () => {
  it("server-renders the loading state; the client then reads the session (signed out)", async () => {
    const html = await (await fetch(`${nextUrl}/`)).text();
    expect(html).toContain("Checking your session…");
    const { context, page } = await freshPage();
    await page.goto(`${nextUrl}/`);
    await page.getByText("Signed out.").waitFor();
    await context.close();
  });

  it("a guard sends a visitor to the hosted login and back; a generated hook and the route handler answer as them", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${nextUrl}/dashboard`);
    const returnTo = await signInOnHostedPage(page, emulatorUrl, OWNER);
    expect(returnTo).toBe(`${nextUrl}/dashboard`);
    await page.waitForURL(`${nextUrl}/dashboard`);
    expect(await page.getByTestId("email").textContent()).toBe(OWNER);
    await expect.poll(() => page.getByTestId("member-count").textContent()).toBe("2 members");
    // GET /api/me: the app's server called the auth API with the cookie the browser sent it
    await expect
      .poll(() => page.getByTestId("from-server").textContent())
      .toBe(`The server sees ${OWNER} in ${ORG.name}`);
    await context.close();
  });

  it("a server component prefetches with the generated query options: the members are in the server's HTML and the client does not fetch them again", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${nextUrl}/dashboard`);
    await signInOnHostedPage(page, emulatorUrl, OWNER);
    await page.getByTestId("member-count").waitFor();

    const html = await (await context.request.get(`${nextUrl}/members`)).text();
    expect(html).toContain(`Members of <!-- -->${ORG.name}`);
    expect(html).toContain("Prefetched on the server: <!-- -->1<!-- --> page(s)"); // the key factory's `matching`
    expect(html).toContain(MEMBER);

    const memberRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/members")) memberRequests.push(request.url());
    });
    // the AuthProvider's first refresh shows that the page hydrated and its client code runs
    const hydrated = page.waitForRequest((request) => request.url().startsWith(`${emulatorUrl}/api/v1/refresh_token`));
    await page.goto(`${nextUrl}/members`);
    await hydrated;
    await page.getByTestId("members").getByText(MEMBER, { exact: false }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(memberRequests.filter((url) => url.startsWith(emulatorUrl))).toEqual([]);
    await context.close();
  });

  it("sends a visitor without a session from the server to the hosted login, with a returnTo back to the page", async () => {
    const { context, page } = await freshPage();
    await page.goto(`${nextUrl}/members`);
    const returnTo = await signInOnHostedPage(page, emulatorUrl, OWNER);
    expect(returnTo).toBe(`${nextUrl}/members`);
    await page.waitForURL(`${nextUrl}/members`);
    await page.getByTestId("members").getByText(MEMBER, { exact: false }).waitFor();
    await context.close();
  });

  it("the route handler answers 401 with the API's code when the request carries no session cookie", async () => {
    const response = await fetch(`${nextUrl}/api/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "not_logged_in" });
  });
});
