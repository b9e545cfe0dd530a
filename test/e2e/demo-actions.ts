/** What a person does in the demo, as reusable steps for the e2e tests. */
import type { Page } from "playwright-core";
import { DEMO_USER } from "./demo-harness.js";

/** Opens the developer toolbar when it is folded (as it starts on a phone). */
export async function openToolbar(page: Page): Promise<void> {
  const unfold = page.getByRole("button", { name: "Developer toolbar", exact: true });
  if (await unfold.isVisible()) await unfold.click();
}

/** Picks a scenario in the toolbar by its id ("" = no scenario: the backend's own answers). */
export async function chooseScenario(page: Page, id: string): Promise<void> {
  await openToolbar(page);
  await page.getByLabel("Scenario", { exact: true }).selectOption(id);
}

/** Opens one section of the Organisations screen ("Members", "Invitations", "Settings", "Join or create"). */
export async function openOrgSection(page: Page, name: string): Promise<void> {
  await page.getByRole("tablist", { name: "Organisation sections" }).getByRole("tab", { name, exact: true }).click();
}

/** The value of the Active organisation option whose label starts with `orgName` (ids are the backend's own). */
export async function orgOptionValue(page: Page, orgName: string): Promise<string> {
  const option = page.getByLabel("Active organisation").locator("option", { hasText: orgName });
  return (await option.getAttribute("value")) ?? "";
}

/** Signs out from the header and waits for the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
}

/** Submits the password form (the sign-in screen must be showing) with Ada's e-mail and, by default, her password. */
export async function submitPassword(page: Page, password = DEMO_USER.password): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Waits until the header shows the signed-in user. */
export async function waitSignedIn(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}
