/** What a person does in the demo, as reusable steps for the e2e tests. */
import type { Page } from "playwright-core";
import { DEMO_USER } from "./demo-harness.js";

/** Picks a scenario in the toolbar by its id ("" = contract defaults). */
export async function chooseScenario(page: Page, id: string): Promise<void> {
  await page.getByLabel("Scenario", { exact: true }).selectOption(id);
}

/** Signs out from the header and waits for the sign-in screen. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Sign in to Acme" }).waitFor();
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
