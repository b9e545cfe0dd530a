/**
 * examples/nextjs on Next.js 16, its middleware as `proxy.ts` (test/frameworks/next16-app.ts), built from the packed
 * package: the checks that differ between 15 and 16 (the rest runs on 15 in nextjs.test.ts): the server flow signs
 * in, the first HTML of a signed-in page is signed in and hydrates cleanly, and the proxy renews the session across
 * an access-token expiry before the render (a server component never refreshes).
 */
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile } from "./hosted-login.js";
import { nextPages } from "./next-pages.js";
import { ACCESS_TOKEN_SECONDS, ORG, OWNER } from "./seed.js";

const appUrl = inject("next16Url");
const emulatorUrl = inject("serverSessionEmulatorUrl");
const browser = chromiumForFile();
const { freshPage, signIn, serverHtml } = nextPages(browser, appUrl, emulatorUrl);

describe("the Next.js example on Next.js 16 (proxy.ts)", () => {
  it("signs in through the server flow; the first HTML is signed in; the proxy renews the session after an expiry", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await signIn(page, "/dashboard");
    const html = await serverHtml(context, "/dashboard");
    expect(html).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    expect(html).toContain(`data-testid="email">${OWNER}`);
    expect(html).not.toContain("Loading…");
    await expect.poll(() => page.getByTestId("member-count").textContent()).toBe("2 members");
    // past the access token's life: only the proxy's refresh can make the next render signed in
    await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 2) * 1000);
    const refreshed = await context.request.get(`${appUrl}/dashboard`);
    expect(refreshed.headers()["set-cookie"]).toContain("__pa_at=");
    expect(await refreshed.text()).toContain(`${OWNER}<!-- --> in <!-- -->${ORG.name}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
