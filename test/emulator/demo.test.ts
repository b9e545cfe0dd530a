import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../support/chromium.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startDemo, type DemoServer } from "../../scripts/lib/demo-server.js";
import { currentTotp, DEMO_PASSWORD } from "../../src/emulator/index.js";
import { openOrgSection } from "../e2e/demo-actions.js";

/**
 * The demo on the emulator (npm run demo's default) in headless Chromium: state is real — an invitation shows up as
 * pending, search filters, a changed role sticks after a reload — and every call went through Prism's validating
 * proxy without a violation.
 */
let demo: DemoServer;
let browser: Browser;
beforeAll(async () => {
  demo = await startDemo({ backend: "emulator" });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await demo?.stop();
});

async function signedInAsAda(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(new URL("/login", demo.url).href);
  await page.getByLabel("Email").first().fill("ada@acme.example");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  return page;
}

it("signs in with a real password and refuses a wrong one", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL("/login", demo.url).href);
  await page.getByLabel("Email").first().fill("ada@acme.example");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByText("Invalid email or password").first().waitFor();
  await context.close();
  await (await signedInAsAda()).context().close();
});

it("keeps what the user does: invitations appear as pending, search filters, roles stick", async () => {
  const page = await signedInAsAda();
  await page.goto(new URL("/org", demo.url).href);
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();

  await page.getByLabel("Email", { exact: true }).fill("ken@acme.example");
  await page.getByRole("button", { name: "Send invitation" }).click();
  // the pending list is read when its section opens: only once the invitation is sent
  await page.getByText("Invitation sent to ken@acme.example.").waitFor();
  await openOrgSection(page, "Invitations");
  await page.getByRole("region", { name: "Pending invitations" }).getByText("ken@acme.example").waitFor();

  await openOrgSection(page, "Members");
  await page.getByLabel("Search by email").fill("alan");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor({ state: "detached" });
  const alan = page.getByRole("row", { name: "alan@acme.example" });
  await alan.getByRole("button", { name: "Change role" }).click();
  await alan.getByLabel("Role", { exact: true }).selectOption("Admin");
  await alan.getByRole("button", { name: "Save role" }).click();
  await alan.getByText("Role changed.").waitFor();

  await page.reload();
  await page.getByRole("row", { name: "alan@acme.example" }).getByText("Admin").first().waitFor();
  await openOrgSection(page, "Invitations");
  await page.getByRole("region", { name: "Pending invitations" }).getByText("ken@acme.example").waitFor();
  await page.context().close();
  expect(demo.violations?.()).toEqual([]);
});

it("sets MFA up with the secret a phone would scan, then shows the backup codes", async () => {
  const page = await signedInAsAda();
  await page.goto(new URL("/account", demo.url).href);
  const secret = (await page.getByLabel("MFA secret").innerText()).trim();
  await page.getByLabel("Code from the app").fill(currentTotp(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await page.getByRole("list", { name: "Backup codes" }).waitFor();
  expect(await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").count()).toBe(10);
  await page.context().close();
  expect(demo.violations?.()).toEqual([]);
});
