/**
 * The admin UI's actions beyond the basics, in headless Chromium at a phone's width (360 px) and a desktop's
 * (1280 px): the last-owner rule shown as an error, delete a user, create a user whose e-mail is not confirmed,
 * create an org, add an extra role and give it, API keys of a user and an org, a user's sessions — each checked
 * against the admin API's state (and the provider's API where it shows).
 */
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/emulator/index.js";
import { done, failed, orgCard, useAdminUi, userCard } from "./admin-ui-harness.js";

const ui = useAdminUi();

interface Org {
  id: string;
  name: string;
  members: { userId: string; email: string; role: string; additionalRoles: string[] }[];
}
const orgs = async () => (await ui.get<{ orgs: Org[] }>("/orgs")).orgs;
const org = async (name: string) => (await orgs()).find((o) => o.name === name)!;
const users = async () =>
  (await ui.get<{ users: { id: string; email: string; emailConfirmed: boolean }[] }>("/users")).users;
const userId = async (email: string) => (await users()).find((u) => u.email === email)!.id;
/** Logs in through the provider's API; the session cookie. */
async function login(email: string): Promise<string> {
  const answer = await fetch(`${ui.emulator.url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))!
    .split(";")[0]!;
}
const refreshes = async (cookie: string) =>
  (await fetch(`${ui.emulator.url}/api/v1/refresh_token`, { headers: { Cookie: cookie } })).status === 200;

describe("the admin UI's actions", () => {
  for (const width of [360, 1280]) {
    it(`refuses to demote or remove an org's last Owner, with the reason shown (${width} px)`, async () => {
      const page = await ui.open(width, "orgs");
      const ada = orgCard(page, "Acme Inc.").locator('li[data-member="ada@acme.example"]');
      await ada.getByLabel("Role", { exact: true }).selectOption("Admin");
      await failed(page, "Acme Inc. must keep at least one Owner: make another member Owner first");
      await ada.getByRole("button", { name: "Remove" }).click();
      await failed(page, "Acme Inc. must keep at least one Owner");
      const acme = await org("Acme Inc.");
      expect(acme.members.find((m) => m.email === "ada@acme.example")!.role).toBe("Owner");
      // the page shows the state as it is: Ada still Owner
      await page.reload();
      await expect(
        orgCard(page, "Acme Inc.")
          .locator('li[data-member="ada@acme.example"]')
          .getByLabel("Role", { exact: true })
          .inputValue(),
      ).resolves.toBe("Owner");
      expect(page.errors).toEqual([]);
      await page.close();
    });
  }

  it("deletes a user (after asking), and refuses to delete an org's last Owner (360 px)", async () => {
    const page = await ui.open(360);
    page.on("dialog", (dialog) => void dialog.accept());
    const alanSession = await login("alan@acme.example");
    await userCard(page, "alan@acme.example").getByRole("button", { name: "Delete" }).click();
    await done(page, "Deleted alan@acme.example");
    await expect.poll(() => userCard(page, "alan@acme.example").count()).toBe(0);
    expect((await users()).map((u) => u.email)).not.toContain("alan@acme.example");
    expect(await refreshes(alanSession)).toBe(false);
    await userCard(page, "hank@globex.example").getByRole("button", { name: "Delete" }).click();
    await failed(page, "hank@globex.example is the last Owner of Globex Corporation, Initech, Umbrella");
    expect((await users()).map((u) => u.email)).toContain("hank@globex.example");
    await page.close();
  });

  it("creates a user whose e-mail is not confirmed yet (1280 px)", async () => {
    const page = await ui.open(1280);
    await page.getByText("New user").click();
    const create = page.locator("details", { hasText: "New user" });
    await create.getByLabel("E-mail", { exact: true }).fill("una@acme.example");
    await create.getByLabel("Address already confirmed").uncheck();
    await create.getByRole("button", { name: "Create user" }).click();
    await done(page, "Created una@acme.example (e-mail not confirmed)");
    expect((await users()).find((u) => u.email === "una@acme.example")!.emailConfirmed).toBe(false);
    await expect(userCard(page, "una@acme.example").textContent()).resolves.toContain("e-mail not confirmed");
    await page.close();
  });

  it("creates an org with its Owner, adds an extra role and gives it to a member (360 px)", async () => {
    const page = await ui.open(360, "orgs");
    await page.getByText("New org").click();
    const create = page.locator("details", { hasText: "New org" });
    await create.getByLabel("Org name").fill("Hooli");
    await create.getByLabel("Owner's e-mail (optional)").fill("grace@acme.example");
    await create.getByLabel("Several roles per member").check();
    await create.getByRole("button", { name: "Create org" }).click();
    await done(page, "Created Hooli");
    const hooli = await org("Hooli");
    expect(hooli.members).toEqual([expect.objectContaining({ email: "grace@acme.example", role: "Owner" })]);
    await orgCard(page, "Hooli").waitFor();

    await page.getByText("New extra role").click();
    const role = page.locator("details", { hasText: "New extra role" });
    await role.getByLabel("Role name").fill("Support");
    await role.getByLabel("Permissions (comma-separated)").fill("can_view_tickets, can_close_tickets");
    await role.getByRole("button", { name: "Add extra role" }).click();
    await done(page, "Added the extra role Support");
    const alan = orgCard(page, "Acme Inc.").locator('li[data-member="alan@acme.example"]');
    await alan.getByRole("checkbox", { name: "Support" }).check();
    await done(page, "alan@acme.example now has Support");
    await orgCard(page, "Acme Inc.")
      .locator('li[data-member="alan@acme.example"]')
      .getByRole("checkbox", { name: "Billing" })
      .check();
    await done(page, "alan@acme.example now has Billing");
    const member = (await org("Acme Inc.")).members.find((m) => m.email === "alan@acme.example")!;
    expect(member.additionalRoles.sort()).toEqual(["Billing", "Support"]);
    await orgCard(page, "Acme Inc.")
      .locator('li[data-member="alan@acme.example"]')
      .getByRole("checkbox", { name: "Billing" })
      .uncheck();
    await done(page, "alan@acme.example no longer has Billing");
    expect((await org("Acme Inc.")).members.find((m) => m.email === "alan@acme.example")!.additionalRoles).toEqual([
      "Support",
    ]);
    await page.close();
  });

  for (const width of [360, 1280]) {
    it(`creates and revokes API keys of a user and of an org (${width} px)`, async () => {
      const page = await ui.open(width);
      const ada = userCard(page, "ada@acme.example");
      await ada.getByText("API keys").click();
      await ada.getByText("No API keys.").waitFor();
      await ada.getByLabel("Key name").fill("ci");
      await ada.getByLabel("Expires").selectOption("OneMonth");
      await ada.getByRole("button", { name: "Create API key" }).click();
      await done(page, "Created an API key for ada@acme.example. Its token, shown once: ");
      const token = (await page.locator("#status").textContent())!.split("shown once: ")[1]!;
      expect(token).toMatch(/^[\w-]{40,}$/);
      const keys = ada.getByRole("list", { name: "API keys of ada@acme.example" });
      await keys.locator("li", { hasText: "ci" }).waitFor();
      const adaId = await userId("ada@acme.example");
      const listed = await ui.get<{ apiKeys: { displayName: string }[] }>(`/api_keys?userId=${adaId}`);
      expect(listed.apiKeys.map((k) => k.displayName)).toEqual(["ci"]);
      await keys.getByRole("button", { name: "Revoke" }).click();
      await done(page, "Revoked an API key of ada@acme.example");
      await ada.getByText("No API keys.").waitFor();
      expect((await ui.get<{ apiKeys: unknown[] }>(`/api_keys?userId=${adaId}`)).apiKeys).toEqual([]);

      await page.locator('nav a[href="#orgs"]').click();
      const acme = orgCard(page, "Acme Inc.");
      await acme.getByText("API keys").click();
      await acme.getByLabel("Key name").fill("backend");
      await acme.getByRole("button", { name: "Create API key" }).click();
      await done(page, "Created an API key for Acme Inc.");
      await acme.getByRole("list", { name: "API keys of Acme Inc." }).locator("li", { hasText: "backend" }).waitFor();
      const acmeId = (await org("Acme Inc.")).id;
      expect((await ui.get<{ apiKeys: unknown[] }>(`/api_keys?orgId=${acmeId}`)).apiKeys).toHaveLength(1);
      expect(page.errors).toEqual([]);
      await page.close();
    });

    it(`lists a user's sessions and revokes one, then all (${width} px)`, async () => {
      const first = await login("grace@acme.example");
      const second = await login("grace@acme.example");
      const third = await login("grace@acme.example");
      const page = await ui.open(width);
      const grace = userCard(page, "grace@acme.example");
      await grace.getByText("Sessions").click();
      const list = grace.getByRole("list", { name: "Sessions of grace@acme.example" });
      await expect.poll(() => list.locator("li").count()).toBe(3);
      await expect(list.textContent()).resolves.toContain("password");
      await list.getByRole("button", { name: "Revoke" }).first().click();
      await done(page, "Ended a session of grace@acme.example");
      await expect.poll(() => list.locator("li").count()).toBe(2);
      const alive = [await refreshes(first), await refreshes(second), await refreshes(third)];
      expect(alive.filter(Boolean)).toHaveLength(2);
      await grace.getByRole("button", { name: "Revoke all sessions" }).click();
      await done(page, "Ended every session of grace@acme.example");
      await grace.getByText("No live sessions.").waitFor();
      expect([await refreshes(first), await refreshes(second), await refreshes(third)]).toEqual([false, false, false]);
      await page.close();
    });
  }
});
