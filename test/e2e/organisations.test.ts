/**
 * The Organisations screen: switcher, then one section at a time (members and inviting, invitations, settings with
 * SSO and delete, join or create); permissions and errors.
 */
import { expect, it } from "vitest";
import { chooseScenario, openOrgSection, orgOptionValue } from "./demo-actions.js";
import { useDemo } from "./demo-harness.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

const demo = useDemo();
/**
 * The Prism mock alone, for the tests that read the contract's example org: Ada an Admin (not the Owner) of Acme,
 * Grace with the Billing role, margaret@'s pending invitation, more members than one page holds, and the example id
 * of a created org. The emulator's demo seed (shared with the emulator's own contract suite) has Ada as Acme's
 * Owner, four members and ids of its own.
 */
const mock = useDemo("prism");

it("shows members, invitations and settings of the active org, one section at a time, with the SAML link", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  expect(await page.getByLabel("Organisation name").count()).toBe(0); // settings wait in their own section
  await demo.screenshot(page, "organisations");
  await openOrgSection(page, "Invitations");
  await page.getByRole("region", { name: "Pending invitations" }).getByText("linus@acme.example").waitFor();
  await page.getByRole("region", { name: "Expired invitations" }).getByText("dennis@acme.example").waitFor();
  expect(await page.getByRole("row", { name: "grace@acme.example" }).count()).toBe(0);
  await openOrgSection(page, "Settings");
  await expect.poll(() => page.getByLabel("Organisation name").inputValue()).toBe("Acme Inc.");
  const acmeId = await orgOptionValue(page, "Acme Inc.");
  expect(await page.getByRole("link", { name: "Set up SAML" }).getAttribute("href")).toMatch(
    new RegExp(`/saml\\?id=${acmeId}&rt=`),
  );
  // the 2FA deadline is written as every date of the demo (day, month name, year), never in the browser's format
  const deadline = page.getByRole("group", { name: "Require two-factor authentication from" });
  const year = String(new Date().getUTCFullYear() + 1);
  await deadline.getByLabel("Month").selectOption({ label: "Feb" });
  expect(await deadline.getByLabel("Day").locator("option").count()).toBe(1 + 29); // "Day", then 1–29 (no year yet)
  await deadline.getByLabel("Day").selectOption("26");
  await deadline.getByLabel("Year").selectOption(year);
  const saved = page.waitForRequest((request) => request.url().endsWith("/update_org_metadata"));
  await page.getByRole("button", { name: "Save settings" }).click();
  expect((await saved).postDataJSON()).toMatchObject({ require_2fa_by: `${year}-02-26T00:00:00.000Z` });
  await page.getByText("Settings saved.").waitFor();
});

it("searches members and pages through them", async () => {
  const page = await mock.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  const searched = page.waitForRequest(
    (request) => request.url().includes("/members?") && request.url().includes("email_search=grace"),
  );
  await page.getByLabel("Search by email").fill("grace");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await searched;
  await page.getByText("Showing matches for “grace”").waitFor();
  const nextPage = page.waitForRequest(
    (request) => request.url().includes("/members?") && request.url().includes("page_number=1"),
  );
  await page.getByRole("navigation", { name: "Members pages" }).getByRole("button", { name: "Next" }).click();
  await nextPage;
  await page.getByRole("navigation", { name: "Members pages" }).getByText("Page 2").waitFor();
});

it("in a one-role org (Acme on the mock) offers no additional roles; invites, changes roles, removes, revokes", async () => {
  const page = await mock.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  // Ada is an Admin of Acme: only an owner may make someone an Owner
  expect(await page.getByLabel("Invite role").locator("option").allInnerTexts()).toEqual(["Admin", "Member"]);
  expect(await page.getByRole("group", { name: "Additional roles" }).count()).toBe(0);
  await page.getByLabel("Email", { exact: true }).fill("linus@acme.example");
  await page.getByLabel("Invite role").selectOption("Admin");
  const invited = page.waitForRequest((request) => request.url().endsWith("/invite_user"));
  await page.getByRole("button", { name: "Send invitation" }).click();
  expect((await invited).postDataJSON()).toEqual({
    org_id: DEMO_IDS.acme,
    email: "linus@acme.example",
    role: "Admin",
    additional_roles: [],
  });
  await page.getByText("Invitation sent to linus@acme.example.").waitFor();

  const grace = page.getByRole("row", { name: "grace@acme.example" });
  await grace.getByRole("button", { name: "Change role" }).click();
  await grace.getByLabel("Role", { exact: true }).selectOption("Member");
  expect(await grace.getByLabel("Additional roles").count()).toBe(0);
  const changed = page.waitForRequest((request) => request.url().endsWith("/change_role"));
  await grace.getByRole("button", { name: "Save role" }).click();
  expect((await changed).postDataJSON()).toEqual({
    org_id: DEMO_IDS.acme,
    user_id: DEMO_IDS.grace,
    role: "Member",
    additional_roles: [],
  });
  await grace.getByText("Role changed.").waitFor();
  await page.getByRole("row", { name: "alan@acme.example" }).getByRole("button", { name: "Remove" }).click();
  await page.getByText("alan@acme.example was removed.").waitFor();
  await openOrgSection(page, "Invitations");
  await page.getByRole("row", { name: "margaret@acme.example" }).getByRole("button", { name: "Revoke" }).click();
  await page.getByText("Invitation for margaret@acme.example revoked.").waitFor();
  const expired = page.getByRole("region", { name: "Expired invitations" });
  await expired.getByRole("row", { name: "dennis@acme.example" }).getByRole("button", { name: "Revoke" }).click();
  await expired.getByText("Invitation for dennis@acme.example revoked.").waitFor();
});

it("in a multi-role org invites with additional roles and changes them", async () => {
  const context = await mock.newContext();
  // the mock's session, with Acme made a multi-role org (the contract's example has it with one role per member)
  await context.route(/\/api\/v1\/refresh_token/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { org_id_to_org_member_info?: Record<string, Record<string, unknown>> };
    for (const org of Object.values(body.org_id_to_org_member_info ?? {}))
      if (org.org_id === DEMO_IDS.acme) org.org_role_structure = "multi_role";
    await route.fulfill({ response, json: body });
  });
  const page = await context.newPage();
  await page.goto(new URL("/org", mock.url).href);
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  await page.getByLabel("Email", { exact: true }).fill("linus@acme.example");
  await page.getByLabel("Invite role").selectOption("Admin");
  await page.getByRole("group", { name: "Additional roles" }).getByLabel("Billing").check();
  const invited = page.waitForRequest((request) => request.url().endsWith("/invite_user"));
  await page.getByRole("button", { name: "Send invitation" }).click();
  expect((await invited).postDataJSON()).toEqual({
    org_id: DEMO_IDS.acme,
    email: "linus@acme.example",
    role: "Admin",
    additional_roles: ["Billing"],
  });
  await page.getByText("Invitation sent to linus@acme.example.").waitFor();

  const grace = page.getByRole("row", { name: "grace@acme.example" });
  await grace.getByRole("button", { name: "Change role" }).click();
  await grace.getByLabel("Role", { exact: true }).selectOption("Member");
  expect(await grace.getByLabel("Additional roles").inputValue()).toBe("Billing");
  await grace.getByLabel("Additional roles").fill("Billing, Support");
  const changed = page.waitForRequest((request) => request.url().endsWith("/change_role"));
  await grace.getByRole("button", { name: "Save role" }).click();
  expect((await changed).postDataJSON()).toEqual({
    org_id: DEMO_IDS.acme,
    user_id: DEMO_IDS.grace,
    role: "Member",
    additional_roles: ["Billing", "Support"],
  });
  await grace.getByText("Role changed.").waitFor();
});

it("switches the active org (kept across reloads) and hides what a Member may not do", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  const globexId = await orgOptionValue(page, "Globex Corporation");
  // the switcher names the role as the role line does, additional roles included
  expect(await page.getByLabel("Active organisation").locator("option", { hasText: "Globex" }).innerText()).toBe(
    "Globex Corporation (Member + Billing)",
  );
  await page.getByLabel("Active organisation").selectOption(globexId);
  await page.getByText("Your role may not invite people to Globex Corporation.").waitFor();
  await page.getByText(/^Your role: Member \+ Billing · you may .*view billing/).waitFor();
  await page.reload();
  await page.getByText("Your role may not invite people to Globex Corporation.").waitFor();
  expect(await page.getByLabel("Active organisation").inputValue()).toBe(globexId);
  expect(await page.getByRole("button", { name: "Remove" }).count()).toBe(0);
  await openOrgSection(page, "Settings");
  await page.getByLabel("Organisation name").waitFor();
  expect(await page.getByRole("button", { name: "Delete organisation" }).count()).toBe(0);
  await chooseScenario(page, "member-view");
  await page.getByText("You can view these settings but not change them.").waitFor();
  expect(await page.getByLabel("Organisation name").isDisabled()).toBe(true);
});

it("joins and creates organisations; only an owner may delete one, and an owner does", async () => {
  const page = await mock.open("/org");
  await openOrgSection(page, "Join or create");
  await page.getByRole("button", { name: "Join Initech" }).click();
  await page.getByText(`You joined ${DEMO_IDS.initech}.`).waitFor();
  await page.getByLabel("Name", { exact: true }).fill("Hooli");
  await page.getByRole("button", { name: "Create organisation" }).click();
  await page.getByText("Created 9b1f3c4e-6a2d-4e8f-a1b3-5c7d9e0f2a4b.").waitFor(); // the contract example's new org id
  await page.getByLabel("Active organisation").selectOption(await orgOptionValue(page, "Acme Inc."));
  // by default Ada is an Admin of Acme; as its Owner she may delete it and invite owners
  await openOrgSection(page, "Settings");
  await page.getByText("Only an owner of Acme Inc. may delete it.").waitFor();
  expect(await page.getByRole("button", { name: "Delete organisation" }).count()).toBe(0);
  await chooseScenario(page, "owner");
  await openOrgSection(page, "Members");
  await page.getByLabel("Invite role").waitFor();
  expect(await page.getByLabel("Invite role").locator("option").allInnerTexts()).toContain("Owner");
  await openOrgSection(page, "Settings");
  await page.getByRole("button", { name: "Delete organisation" }).click();
  const deleted = page.waitForRequest((request) => request.url().endsWith("/delete_org"));
  await page.getByRole("button", { name: "Yes, delete Acme Inc." }).click();
  expect((await deleted).postDataJSON()).toEqual({ org_id: DEMO_IDS.acme });
  await page.getByText("Acme Inc. was deleted.").waitFor();
});

it("shows the user-facing error of forbidden, not-found and limit answers", async () => {
  const page = await demo.open("/org");
  await chooseScenario(page, "forbidden");
  await openOrgSection(page, "Settings");
  await page.getByRole("alert").getByText("You don't have permission to view this organization").waitFor();
  await chooseScenario(page, "org-not-found");
  await openOrgSection(page, "Members");
  await page.getByRole("region", { name: "Members" }).getByRole("alert").getByText("Organization not found").waitFor();
  await chooseScenario(page, "org-limits");
  await openOrgSection(page, "Join or create");
  await page.getByRole("button", { name: "Join Initech" }).click();
  await page.getByRole("alert").getByText("This organization has reached its maximum number of users").waitFor();
  await demo.screenshot(page, "organisations-errors");
});

it("a user in no organisation sees the organisations they can join and the create form", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  await chooseScenario(page, "no-orgs");
  await page.getByText("You are not in any organisation yet: join one or create one below.").waitFor();
  expect(await page.getByLabel("Session").innerText()).toContain("newcomer@gmail.example");
  const joinable = page.getByRole("region", { name: "Organisations you can join" });
  await joinable.getByRole("button", { name: "Join Umbrella Corporation" }).waitFor();
  expect(await joinable.getByRole("button").allInnerTexts()).toEqual(["Join Initech", "Join Umbrella Corporation"]);
  const create = page.getByRole("region", { name: "Create an organisation" });
  await create.getByLabel("Name").waitFor();
  await create.getByRole("button", { name: "Create organisation" }).waitFor();
  expect(await page.getByLabel("Active organisation").count()).toBe(0);
  expect(await page.getByRole("region", { name: "Members", exact: true }).count()).toBe(0);
});

it("empty lists: members, invitations and joinable organisations say there are none", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  await chooseScenario(page, "empty-lists");
  await page.getByRole("region", { name: "Members", exact: true }).getByText("No members.").waitFor();
  await openOrgSection(page, "Invitations");
  await page.getByRole("region", { name: "Pending invitations" }).getByText("None.").waitFor();
  await page.getByRole("region", { name: "Expired invitations" }).getByText("None.").waitFor();
  await openOrgSection(page, "Join or create");
  await page
    .getByRole("region", { name: "Organisations you can join" })
    .getByText("No organisation accepts your email domain.")
    .waitFor();
  expect(await page.getByRole("row", { name: "grace@acme.example" }).count()).toBe(0);
});

it("a server error shows its user-facing message in every card, and the session stays up", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  await chooseScenario(page, "server-error");
  for (const [section, card] of [
    ["Settings", "Settings"],
    ["Members", "Members"],
    ["Invitations", "Pending invitations"],
    ["Invitations", "Expired invitations"],
    ["Join or create", "Organisations you can join"],
  ] as const) {
    await openOrgSection(page, section);
    await page
      .getByRole("region", { name: card, exact: true })
      .getByRole("alert")
      .getByText("An unexpected error has occurred")
      .waitFor();
  }
  expect(await page.getByLabel("Session").innerText()).toContain("Ada Lovelace");
  expect(await page.getByRole("row", { name: "grace@acme.example" }).count()).toBe(0);
});
