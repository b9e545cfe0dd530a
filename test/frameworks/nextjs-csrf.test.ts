/**
 * Other web pages cannot drive the Next.js example's session (the app on 127.0.0.1): a page on another port of the
 * same host (same site, so the browser sends the session cookies along) submits forms that would switch the org or
 * log out, and gets 403 `cross_origin_request`; a page of another site (`localhost`) sends the browser to
 * `GET /auth/logout`, the landing page after a hosted logout, which ends no live session. The user stays
 * signed in, in the same org.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalServer, startLocalServer } from "../support/local-server.js";
import { chromiumForFile } from "./hosted-login.js";
import { nextPages } from "./next-pages.js";
import { ORG, OWNER, SECOND_ORG } from "./seed.js";

const appUrl = inject("next").main;
const emulatorUrl = inject("serverSessionEmulatorUrl");
const browser = chromiumForFile();
const { freshPage, signIn, serverHtml } = nextPages(browser, appUrl, emulatorUrl);

/** The other pages: `/post?to=URL` submits an empty form there, `/go?to=URL` sends the browser there. */
let pages: LocalServer;
beforeAll(async () => {
  pages = await startLocalServer((request, response) => {
    const url = new URL(request.url, "http://pages.invalid");
    const to = JSON.stringify(url.searchParams.get("to") ?? "/");
    const script =
      url.pathname === "/post"
        ? `const form = document.createElement("form"); form.method = "post"; form.action = ${to};` +
          "document.body.append(form); form.submit();"
        : `location = ${to};`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html><body><script>${script}</script></body></html>`);
  });
});
afterAll(() => pages.close());

/** The same pages as another site: `localhost` and 127.0.0.1 are different sites to the browser. */
const crossSite = () => pages.url.replace("127.0.0.1", "localhost");

/** Opens another origin's page that sends the browser to `target`; resolves with the status `target` answered. */
async function visitFrom(page: Page, origin: string, kind: "post" | "go", target: string): Promise<number> {
  const answered = page.waitForResponse((response) => response.url() === target);
  await page.goto(`${origin}/${kind}?to=${encodeURIComponent(target)}`);
  return (await answered).status();
}

describe("another origin's page and the auth routes", () => {
  it("a page on another port of the same host: its form POSTs to set-active-org and logout are refused (403)", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/dashboard");
    const secondOrgId = await page.locator("option", { hasText: SECOND_ORG.name }).getAttribute("value");
    const switchOrg = `${appUrl}/auth/set-active-org?active_org_id=${encodeURIComponent(secondOrgId ?? "")}`;
    for (const target of [switchOrg, `${appUrl}/auth/logout`]) {
      expect(await visitFrom(page, pages.url, "post", target), target).toBe(403);
      expect(await page.locator("body").innerText()).toContain("cross_origin_request");
    }
    expect(await serverHtml(context, "/app/dashboard")).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    await context.close();
  });

  it("a page of another site: its link to GET logout ends nothing, its form POST is refused", async () => {
    const { context, page } = await freshPage();
    await signIn(page, "/app/dashboard");
    const logout = `${appUrl}/auth/logout`;
    expect(await visitFrom(page, crossSite(), "go", logout)).toBe(302);
    await page.waitForURL((url) => url.origin === appUrl);
    expect(await serverHtml(context, "/app/dashboard")).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    expect(await visitFrom(page, crossSite(), "post", logout)).toBe(403);
    expect(await serverHtml(context, "/app/dashboard")).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    await context.close();
  });
});
