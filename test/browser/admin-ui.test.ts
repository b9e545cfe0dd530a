/**
 * The emulator's admin UI in real headless Chromium, at a phone's width (360 px) and a desktop's (1280 px): users
 * (search, create, edit, disable, confirm e-mail, reset MFA, set password), orgs (roles, members, invitations), the
 * outbox, the settings, the live request log, export and reset — each checked against the admin API's state.
 * Screenshots of every tab at both widths, panels closed and open, go to test-results/admin-ui/;
 * every control is at least 44 px tall and wide. The new actions are in admin-ui-actions.test.ts.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed } from "../../src/emulator/index.js";
import { done, failed, SHOTS, useAdminUi, userCard } from "./admin-ui-harness.js";

const ui = useAdminUi();

interface AdminUser {
  email: string;
  firstName: string | null;
  enabled: boolean;
  emailConfirmed: boolean;
  mfaEnabled: boolean;
}
const users = async (): Promise<AdminUser[]> => (await ui.get<{ users: AdminUser[] }>("/users")).users;
const user = async (email: string) => (await users()).find((u) => u.email === email)!;
const logsIn = async (email: string, password: string) =>
  (
    await fetch(`${ui.emulator.url}/api/fe/v3/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
      body: JSON.stringify({ email, password }),
    })
  ).status === 200;
const openAdmin = (width: number, tab?: string) => ui.open(width, tab);
const card = userCard;

/** Every control of the page narrower or shorter than 44 px (a checkbox counts by its label), as text. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, a, summary, select, input, label.check")]
      .filter((el) => !(el instanceof HTMLInputElement && el.type === "checkbox") && el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${box.width}x${box.height}`),
  );

describe("the admin UI", () => {
  for (const width of [360, 1280]) {
    it(`shows every tab without sideways scrolling at ${width} px (screenshots)`, async () => {
      const page = await openAdmin(width);
      for (const tab of ["users", "orgs", "outbox", "settings", "requests"]) {
        await page.goto(`${ui.emulator.url}/__emulator/ui#${tab}`);
        await page.locator(`nav a[href="#${tab}"][aria-current=page]`).waitFor();
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(SHOTS, `${tab}-${width}.png`), fullPage: true });
        // every panel open (sessions and API keys load): still no sideways scrolling, every control 44 px or more
        await page.evaluate(() => {
          for (const details of document.querySelectorAll("details")) details.open = true;
        });
        await expect.poll(() => page.locator("details .lazy:empty").count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await smallTargets(page), tab).toEqual([]);
        if (tab === "users" || tab === "orgs") {
          await page.screenshot({ path: join(SHOTS, `${tab}-open-${width}.png`), fullPage: true });
          await page
            .locator("#main .card")
            .first()
            .screenshot({ path: join(SHOTS, `${tab}-card-${width}.png`) });
          const forms = page.locator(tab === "orgs" ? "#main .setup" : "#main details").first();
          await forms.screenshot({ path: join(SHOTS, `${tab}-forms-${width}.png`) });
        }
      }
      expect(page.errors).toEqual([]);
      await page.close();
    });
  }

  it("keeps working when Back/Forward leaves the tab while the search box has focus", async () => {
    const page = await openAdmin(360);
    await page.locator('nav a[href="#orgs"]').click();
    await page.locator('li[data-org="Acme Inc."]').waitFor();
    await page.locator('nav a[href="#users"]').click();
    await page.getByLabel("Search users").fill("gra");
    await expect.poll(() => page.locator("li[data-user]").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe("search");
    await page.goBack();
    await page.locator('nav a[href="#orgs"][aria-current=page]').waitFor();
    await page.locator('li[data-org="Acme Inc."]').waitFor();
    await page.goForward();
    await page.locator('nav a[href="#users"][aria-current=page]').waitFor();
    await page.locator("li[data-user]").first().waitFor();
    await page.waitForTimeout(300);
    expect(page.errors.map((error) => error.message)).toEqual([]);
    await page.close();
  });

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
    await ui.emulator.seed({ users: [{ email: "una@acme.example", password: DEMO_PASSWORD, emailConfirmed: false }] });
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
    const orgs = await ui.get<{
      orgs: { name: string; members: { email: string; role: string }[]; invitations: { email: string }[] }[];
    }>("/orgs");
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
    await page.goto(`${ui.emulator.url}/__emulator/ui#outbox`);
    await expect(page.getByRole("list", { name: "Outbox" }).textContent()).resolves.toContain("To kim@acme.example");
    await page.close();
  });

  it("saves settings, refusing a wrong value with its path", async () => {
    const page = await openAdmin(1280, "settings");
    const text = page.getByLabel("Settings (JSON)");
    const settings = JSON.parse(await text.inputValue()) as Record<string, unknown>;
    await text.fill(JSON.stringify({ ...settings, signup: "no" }));
    await page.getByRole("button", { name: "Save settings" }).click();
    await failed(page, "settings.signup");
    // worded for the person at the page, not as a seed file's error
    expect(await page.locator("#status").textContent()).toMatch(/^The settings were not saved\. settings\.signup: /);
    await text.fill("{ signup: false");
    await page.getByRole("button", { name: "Save settings" }).click();
    await failed(page, "This is not JSON, so nothing was saved");
    await text.fill(JSON.stringify({ ...settings, signup: false }));
    await page.getByRole("button", { name: "Save settings" }).click();
    await done(page, "Settings saved");
    expect((await ui.get<{ signup: boolean }>("/settings")).signup).toBe(false);
    await page.close();
  });

  it("shows requests live, exports the state and resets", async () => {
    const page = await openAdmin(360, "requests");
    await fetch(`${ui.emulator.url}/api/v1/refresh_token`);
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
    expect(exported).toEqual(await ui.emulator.exportSeed());

    await ui.emulator.seed({ users: [{ email: "temp@acme.example" }] });
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Reset" }).click();
    await done(page, "Reset to the start seed");
    expect((await users()).map((u) => u.email)).not.toContain("temp@acme.example");
    await page.close();
  });
});
