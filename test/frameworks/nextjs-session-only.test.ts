/**
 * docs/nextjs.md's session-only app as written, built from the packed package on Next.js 15 (an app of its own) and
 * on Next.js 16 (the example's copy with the docs' files, Turbopack), each in a folder where
 * `@tanstack/react-query` cannot be resolved (checked first): it builds, a visitor signs in through the login route
 * under `basePath` (/auth) that the server half handed the browser half (`orgauth.clientProps`), the first HTML is
 * signed in, and the sign-out posts to `/auth/logout`.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, signInOnServerLogin } from "./hosted-login.js";
import { nextPages } from "./next-pages.js";
import { OWNER } from "./seed.js";

const { next15, next16 } = inject("sessionOnly");
const emulatorUrl = inject("serverSessionEmulatorUrl");
const browser = chromiumForFile();

/** Whether `name` can be resolved from a file of `dir`, as a bundler walking up from it would. */
const resolvableFrom = (dir: string, name: string): boolean => {
  try {
    createRequire(join(dir, "index.js")).resolve(name);
    return true;
  } catch {
    return false;
  }
};

describe.each([
  ["Next.js 15", next15],
  ["Next.js 16", next16],
])("docs/nextjs.md's session-only app on %s", (_, app) => {
  const { freshPage, serverHtml } = nextPages(browser, app.url, emulatorUrl);

  it("has no @tanstack/react-query to resolve; signs in and out through the routes under the server's basePath", async () => {
    expect(resolvableFrom(app.dir, "@tanstack/react-query")).toBe(false);
    expect(resolvableFrom(join(app.dir, "node_modules", "orgauth", "dist"), "@tanstack/react-query")).toBe(false);
    expect(resolvableFrom(app.dir, "next")).toBe(true); // the check above can tell
    const { context, page, consoleErrors } = await freshPage();
    await page.goto(`${app.url}/`);
    expect(await page.locator("main").textContent()).toContain("The server sees no session.");
    await page.waitForLoadState("networkidle"); // hydrated: the button has its handler
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === "/auth/login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await login;
    await signInOnServerLogin(page, emulatorUrl, OWNER);
    await page.waitForURL(`${app.url}/`);
    const html = await serverHtml(context, "/");
    expect(html).toContain(`The server knows you as ${OWNER}.`);
    expect(html).toContain(`<strong>${OWNER}</strong>`);
    await page.waitForLoadState("networkidle");
    const logout = page.waitForResponse((response) => response.url() === `${app.url}/auth/logout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    expect((await logout).status()).toBe(200);
    await expect.poll(() => page.getByRole("button", { name: "Sign in" }).count()).toBe(1);
    expect(await serverHtml(context, "/")).toContain("The server sees no session.");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
