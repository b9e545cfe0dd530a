/**
 * The emulator's admin UI in real headless Chromium, at a phone's width (360 px) and a desktop's (1280 px): users
 * (search, create, edit, disable, confirm e-mail, reset MFA, set password), orgs (roles, members, invitations), the
 * outbox, the settings, the live request log, export and reset — each checked against the admin API's state.
 * Screenshots of every tab at both widths go to the system's temp folder (orgauth-admin-ui/).
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";
import { launchChromium } from "../support/chromium.js";

const SHOTS = join(tmpdir(), "orgauth-admin-ui");
let emulator: RunningEmulator;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  emulator = await startEmulator({ seed: demoSeed });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await emulator?.stop();
});
beforeEach(() => emulator.reset());

interface AdminUser {
  email: string;
  firstName: string | null;
  enabled: boolean;
  emailConfirmed: boolean;
  mfaEnabled: boolean;
}
/** The admin API's secret, as a Node client (not a page of the emulator) must send it. */
const admin = () => ({ headers: { "x-emulator-secret": emulator.secret } });
const users = async (): Promise<AdminUser[]> =>
  ((await (await fetch(`${emulator.url}/__emulator/users`, admin())).json()) as { users: AdminUser[] }).users;
const user = async (email: string) => (await users()).find((u) => u.email === email)!;
const logsIn = async (email: string, password: string) =>
  (
    await fetch(`${emulator.url}/api/fe/v3/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email, password }),
    })
  ).status === 200;

async function openAdmin(width: number, tab = "users"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 }, acceptDownloads: true });
  await page.goto(`${emulator.adminUiUrl}#${tab}`);
  await page.locator("#main .card, #main .log, #main textarea").first().waitFor();
  return page;
}
const card = (page: Page, email: string) => page.locator(`li[data-user="${email}"]`);
const done = (page: Page, text: string) => page.locator("#status", { hasText: text }).waitFor();

describe("the admin UI", () => {
  for (const width of [360, 1280]) {
    it(`shows every tab without sideways scrolling at ${width} px (screenshots)`, async () => {
      const page = await openAdmin(width);
      for (const tab of ["users", "orgs", "outbox", "settings", "requests"]) {
        await page.goto(`${emulator.url}/__emulator/ui#${tab}`);
        await page.locator(`nav a[href="#${tab}"][aria-current=page]`).waitFor();
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SHOTS, `${tab}-${width}.png`), fullPage: true });
      }
      await page.close();
    });
  }

  it("searches, creates, edits, disables, confirms, resets MFA and sets a password", async () => {
    const page = await openAdmin(360);
    await page.getByLabel("Search users").fill("grace");
    await expect.poll(() => page.locator("li[data-user]").count()).toBe(1);
    await page.getByLabel("Search users").fill("");
    await expect.poll(() => page.locator("li[data-user]").count()).toBe(demoSeed.users!.length);

    await page.getByText("New user").click();
    const create = page.locator("details", { hasText: "New user" });
    await create.getByLabel("E-mail").fill("zoe@acme.example");
    await create.getByLabel("Password").fill("zoe-password-1");
    await create.getByRole("button", { name: "Create user" }).click();
    await done(page, "Created zoe@acme.example");
    expect(await logsIn("zoe@acme.example", "zoe-password-1")).toBe(true);

    await card(page, "grace@acme.example").getByRole("button", { name: "Disable" }).click();
    await done(page, "Disabled grace@acme.example");
    expect((await user("grace@acme.example")).enabled).toBe(false);
    await expect(card(page, "grace@acme.example").textContent()).resolves.toContain("disabled");

    await card(page, "mallory@acme.example").getByRole("button", { name: "Reset MFA" }).click();
    await done(page, "MFA reset for mallory@acme.example");
    expect((await user("mallory@acme.example")).mfaEnabled).toBe(false);

    const alan = card(page, "alan@acme.example");
    await alan.getByText("Edit").click();
    await alan.getByLabel("First name").fill("Alan M.");
    await alan.getByRole("button", { name: "Save" }).click();
    await done(page, "Saved alan@acme.example");
    expect((await user("alan@acme.example")).firstName).toBe("Alan M.");
    await card(page, "alan@acme.example").getByText("Edit").click();
    await card(page, "alan@acme.example").getByLabel("New password").fill("a-new-password");
    await card(page, "alan@acme.example").getByRole("button", { name: "Set password" }).click();
    await done(page, "Password set for alan@acme.example");
    expect(await logsIn("alan@acme.example", "a-new-password")).toBe(true);
    expect(await logsIn("alan@acme.example", DEMO_PASSWORD)).toBe(false);
    await page.close();
  });

  it("confirms an e-mail", async () => {
    await emulator.seed({ users: [{ email: "una@acme.example", password: DEMO_PASSWORD, emailConfirmed: false }] });
    const page = await openAdmin(1280);
    await card(page, "una@acme.example").getByRole("button", { name: "Confirm e-mail" }).click();
    await done(page, "Confirmed una@acme.example");
    expect((await user("una@acme.example")).emailConfirmed).toBe(true);
    await page.close();
  });

  it("changes a role, removes a member, invites (into the outbox) and revokes", async () => {
    const page = await openAdmin(360, "orgs");
    const acme = page.locator('li[data-org="Acme Inc."]');
    const alanRow = acme.getByRole("list", { name: "Members of Acme Inc." }).locator("li", { hasText: "alan@" });
    await alanRow.getByLabel("Role", { exact: true }).selectOption("Admin");
    await done(page, "alan@acme.example is now Admin");
    await acme
      .getByRole("list", { name: "Members of Acme Inc." })
      .locator("li", { hasText: "mallory@" })
      .getByRole("button", { name: "Remove" })
      .click();
    await done(page, "Removed mallory@acme.example");
    const inviteForm = acme.locator("details", { has: page.locator("summary", { hasText: /^Invite$/ }) });
    await inviteForm.locator("summary").click();
    await inviteForm.getByLabel("E-mail").fill("kim@acme.example");
    await inviteForm.getByRole("button", { name: "Invite" }).click();
    await done(page, "Invited kim@acme.example");
    const orgs = (await (await fetch(`${emulator.url}/__emulator/orgs`, admin())).json()) as {
      orgs: { name: string; members: { email: string; role: string }[]; invitations: { email: string }[] }[];
    };
    const acmeState = orgs.orgs.find((o) => o.name === "Acme Inc.")!;
    expect(acmeState.members.find((m) => m.email === "alan@acme.example")!.role).toBe("Admin");
    expect(acmeState.members.map((m) => m.email)).not.toContain("mallory@acme.example");
    expect(acmeState.invitations.map((i) => i.email)).toContain("kim@acme.example");
    await acme
      .getByRole("list", { name: "Invitations of Acme Inc." })
      .locator("li", { hasText: "kim@" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await done(page, "Revoked kim@acme.example");
    await page.goto(`${emulator.url}/__emulator/ui#outbox`);
    await expect(page.getByRole("list", { name: "Outbox" }).textContent()).resolves.toContain("To kim@acme.example");
    await page.close();
  });

  it("saves settings, refusing a wrong value with its path", async () => {
    const page = await openAdmin(1280, "settings");
    const text = page.getByLabel("Settings (JSON)");
    const settings = JSON.parse(await text.inputValue()) as Record<string, unknown>;
    await text.fill(JSON.stringify({ ...settings, signup: "no" }));
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.locator("#status.error", { hasText: "settings.signup" }).waitFor();
    await text.fill(JSON.stringify({ ...settings, signup: false }));
    await page.getByRole("button", { name: "Save settings" }).click();
    await done(page, "Settings saved");
    expect(
      ((await (await fetch(`${emulator.url}/__emulator/settings`, admin())).json()) as { signup: boolean }).signup,
    ).toBe(false);
    await page.close();
  });

  it("shows requests live, exports the state and resets", async () => {
    const page = await openAdmin(360, "requests");
    await fetch(`${emulator.url}/api/v1/refresh_token`);
    await page.getByRole("list", { name: "Requests" }).locator("li", { hasText: "/api/v1/refresh_token" }).waitFor();
    await expect(
      page.getByRole("list", { name: "Requests" }).locator("li", { hasText: "/api/v1/refresh_token" }).textContent(),
    ).resolves.toContain("401");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export seed" }).click(),
    ]);
    const exported = JSON.parse(
      await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(exported).toEqual(await emulator.exportSeed());

    await emulator.seed({ users: [{ email: "temp@acme.example" }] });
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Reset" }).click();
    await done(page, "Reset to the start seed");
    expect((await users()).map((u) => u.email)).not.toContain("temp@acme.example");
    await page.close();
  });
});
