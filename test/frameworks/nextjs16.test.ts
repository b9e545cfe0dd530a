/**
 * examples/nextjs on Next.js 16 as a session-only app, the docs' files as written with the docs' `proxy.ts`
 * (test/frameworks/next16-app.ts), built from the packed package: the checks that differ between 15 and 16 (the rest
 * runs on 15 in nextjs.test.ts): `createOrgauth`'s matcher, permission-protected route handler and server action,
 * routes under /auth; a signed-out visitor's client-side Sign in (its URL builders loaded on click); the server flow
 * signs in, the first HTML of a signed-in page is signed in and hydrates cleanly, and the proxy renews the session
 * across an access-token expiry before the render (a server component never refreshes).
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
  it("signed out: the proxy's matcher starts the login for /app/*; the protected route handler answers 401", async () => {
    const page = await fetch(`${appUrl}/app/admin`, { redirect: "manual", headers: { accept: "text/html" } });
    expect(new URL(page.headers.get("location") ?? "").origin).toBe(new URL(emulatorUrl).origin);
    expect(page.headers.getSetCookie().some((line) => line.startsWith("__pa_state."))).toBe(true);
    expect((await fetch(`${appUrl}/api/invitations`, { method: "POST" })).status).toBe(401);
  });

  it("a signed-out visitor's Sign in button loads the redirect's URL builders on click and starts the login", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await page.goto(`${appUrl}/`);
    await page.waitForLoadState("networkidle"); // hydrated: the button has its handler
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(
      (url) => url.origin === new URL(emulatorUrl).origin && url.pathname === "/propelauth/ssr/authorize",
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("signs in through the server flow; the first HTML is signed in; the proxy renews the session after an expiry", async () => {
    const { context, page, consoleErrors } = await freshPage();
    await signIn(page, "/app/admin");
    expect(await serverHtml(context, "/app/admin")).toContain(`You may invite people to <!-- -->${ORG.name}`);
    // the docs' client component: signed in in the first HTML, no loading state
    const home = await serverHtml(context, "/");
    expect(home).toContain(`The server knows you as ${OWNER}.`);
    expect(home).toContain(`<strong>${OWNER}</strong>`);
    // createOrgauth's permission-protected route handler and server action
    const invited = await context.request.post(`${appUrl}/api/invitations`);
    expect(await invited.json()).toEqual({ invitedBy: OWNER, orgName: ORG.name });
    await page.waitForLoadState("networkidle"); // hydrated: the button has its handler
    await page.getByRole("button", { name: "Invite someone" }).click();
    await expect.poll(() => page.getByTestId("invite-result").textContent()).toBe(`Invited by ${OWNER}`);
    // past the access token's life: only the proxy's refresh can make the next render signed in
    await page.waitForTimeout((ACCESS_TOKEN_SECONDS + 2) * 1000);
    const refreshed = await context.request.get(`${appUrl}/app/admin`);
    expect(refreshed.headers()["set-cookie"]).toContain("__pa_at=");
    expect(await refreshed.text()).toContain(`You may invite people to <!-- -->${ORG.name}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
