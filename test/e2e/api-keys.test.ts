/** The API keys screen: personal and org keys; create (token shown once), search, pages, rename, delete, errors. */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { chooseScenario } from "./demo-actions.js";
import { useDemo } from "./demo-harness.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

const demo = useDemo();
/**
 * The Prism mock alone, for searching and paging: the test pages on after a search, which needs the contract's
 * example (a search that matches more than one page, with Laptop CLI on every page).
 */
const mock = useDemo("prism");

/** Creates keys on the emulator as the signed-in visitor, through the app's origin (the demo seed holds none). */
async function createKeys(page: Page, keys: { display_name: string; org_id?: string }[]): Promise<void> {
  for (const key of keys) {
    const answer = await page
      .context()
      .request.post(new URL("/api/fe/v3/api_keys", demo.url).href, { data: key, headers: { "X-CSRF-Token": "-.-" } });
    expect(answer.status()).toBe(200);
  }
}

const ORG_KEYS = [
  { display_name: "Production deploy", org_id: DEMO_IDS.acme },
  { display_name: "Staging deploy", org_id: DEMO_IDS.acme },
];

it("creates a personal key with an expiration and shows its token once", async () => {
  const page = await demo.open("/api_keys");
  await createKeys(page, [{ display_name: "Laptop CLI" }]);
  await page.reload();
  await page.getByRole("row", { name: "Laptop CLI" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill("CI deploy");
  await page.getByLabel("Expires after").selectOption("ThreeMonths");
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/api/fe/v3/api_keys") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Create key" }).click();
  expect((await created).request().postDataJSON()).toEqual({
    display_name: "CI deploy",
    expiration_option: "ThreeMonths",
  });
  const { api_key_token } = (await (await created).json()) as { api_key_token: string };
  const token = page.getByRole("status", { name: "New API key" });
  await token.getByText(api_key_token, { exact: false }).waitFor();
  await demo.screenshot(page, "api-keys");
  await token.getByRole("button", { name: "I have copied it" }).click();
  await page.getByRole("status", { name: "New API key" }).waitFor({ state: "detached" });
});

it("searches, pages, renames and deletes keys", async () => {
  const page = await mock.open("/api_keys");
  await page.getByRole("row", { name: "Laptop CLI" }).waitFor();
  const searched = page.waitForRequest(
    (request) => request.url().includes("personal_api_keys?") && request.url().includes("api_key_search=laptop"),
  );
  await page.getByLabel("Search keys").fill("laptop");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await searched;
  const nextPage = page.waitForRequest(
    (request) => request.url().includes("personal_api_keys?") && request.url().includes("page_number=1"),
  );
  await page.getByRole("navigation", { name: "API keys pages" }).getByRole("button", { name: "Next" }).click();
  await nextPage;
  const row = page.getByRole("row", { name: "Laptop CLI" });
  await row.getByRole("button", { name: "Rename" }).click();
  await row.getByLabel("New name").fill("Desktop CLI");
  await row.getByRole("button", { name: "Save name" }).click();
  await page.getByText("Renamed to “Desktop CLI”.").waitFor();
  await page.getByRole("row", { name: "Laptop CLI" }).getByRole("button", { name: "Delete" }).click();
  await page.getByText("Laptop CLI was deleted.").waitFor();
});

it("lists and creates the active org's keys, and shows API key errors", async () => {
  const page = await demo.open("/api_keys");
  await createKeys(page, ORG_KEYS);
  await page.getByRole("tab", { name: "Acme Inc. keys" }).click();
  await page.getByRole("row", { name: "Production deploy" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill("Nightly export");
  const created = page.waitForRequest((request) => request.url().endsWith("/api/fe/v3/api_keys"));
  await page.getByRole("button", { name: "Create key" }).click();
  expect((await created).postDataJSON()).toEqual({
    org_id: DEMO_IDS.acme,
    display_name: "Nightly export",
    expiration_option: "OneMonth",
  });
  await page.getByRole("status", { name: "New API key" }).getByText("Copy this key now").waitFor();
  await chooseScenario(page, "api-key-errors");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("alert").getByText("Invalid expiration option").waitFor();
  await page.getByRole("row", { name: "Staging deploy" }).getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("row", { name: "Staging deploy" })
    .getByRole("alert")
    .getByText("API key not found", { exact: false })
    .waitFor();
});

it("empty lists: no personal keys and no keys of the org", async () => {
  const page = await demo.open("/api_keys");
  await createKeys(page, [{ display_name: "Laptop CLI" }]);
  await page.reload();
  await page.getByRole("row", { name: "Laptop CLI" }).waitFor();
  await chooseScenario(page, "empty-lists");
  await page.getByRole("region", { name: "Your personal keys" }).getByText("No keys yet.").waitFor();
  await page.getByRole("tab", { name: "Acme Inc. keys" }).click();
  await page.getByRole("region", { name: "Organisation keys" }).getByText("No keys yet.").waitFor();
});

it("a user in no organisation: the org tab is off and the personal keys show", async () => {
  const page = await demo.open("/api_keys");
  await createKeys(page, [...ORG_KEYS, { display_name: "Laptop CLI" }]);
  await page.getByRole("tab", { name: "Acme Inc. keys" }).click();
  await page.getByRole("row", { name: "Production deploy" }).waitFor();
  await chooseScenario(page, "no-orgs");
  const orgTab = page.getByRole("tab", { name: "Organisation keys (join an organisation first)" });
  await orgTab.waitFor();
  expect(await orgTab.isDisabled()).toBe(true);
  await page.getByRole("tab", { name: "Personal keys", selected: true }).waitFor();
  await page.getByRole("region", { name: "Your personal keys" }).getByRole("row", { name: "Laptop CLI" }).waitFor();
});
