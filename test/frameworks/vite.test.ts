/**
 * examples/vite, type-checked strictly and built from the packed package, served by `vite preview`, in headless
 * Chromium against the emulator: sign-in through the hosted login page, a guard, a generated hook.
 */
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { runIn } from "./example-apps.js";
import { chromiumForFile, signInOnHostedPage } from "./hosted-login.js";
import { MEMBER, OWNER } from "./seed.js";

const viteUrl = inject("viteUrl");
const emulatorUrl = inject("frameworksEmulatorUrl");
const browser = chromiumForFile();

describe("the Vite example", () => {
  it("builds without a warning (strict type check first)", () => {
    expect(inject("viteBuildOutput")).toContain("built in");
    expect(inject("viteBuildOutput")).not.toMatch(/warn|\(!\)/i);
  });

  it("a build without VITE_AUTH_URL stops at once, naming the variable", async () => {
    const viteDir = inject("viteDir");
    const vite = join(viteDir, "node_modules", "vite", "bin", "vite.js");
    expect(process.env.VITE_AUTH_URL).toBeUndefined(); // the build inherits this process's environment
    const outDir = join(viteDir, "..", "vite-without-auth-url"); // never over the build being served
    await expect(runIn(viteDir, [vite, "build", "--outDir", outDir])).rejects.toThrow(/Set VITE_AUTH_URL/);
  }, 60_000);

  it("signs in through the hosted login page and comes back signed in", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${viteUrl}/`);
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await signInOnHostedPage(page, emulatorUrl, OWNER)).toBe(`${viteUrl}/`);
    await page.waitForURL(`${viteUrl}/`);
    await expect.poll(() => page.getByTestId("email").textContent()).toBe(OWNER);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("Signed out.").waitFor();
    await context.close();
  });

  it("a guard sends a visitor to the hosted login and back; a generated hook lists the org's members", async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    await page.goto(`${viteUrl}/dashboard`);
    expect(await signInOnHostedPage(page, emulatorUrl, OWNER)).toBe(`${viteUrl}/dashboard`);
    await page.waitForURL(`${viteUrl}/dashboard`);
    expect(await page.getByTestId("welcome").textContent()).toBe(OWNER);
    await page.getByTestId("members").getByText(MEMBER, { exact: false }).waitFor();
    await context.close();
  });
});
