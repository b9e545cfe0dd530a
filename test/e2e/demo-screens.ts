/** The demo's signed-in screens, as the e2e tests visit them. */
import type { Page } from "playwright-core";
import { openOrgSection } from "./demo-actions.js";

/** One screen: its address, what shows once it has loaded, and how to open it from there (a section tab). */
export interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
  open?: (page: Page) => Promise<unknown>;
}

/** Every signed-in screen, the Organisations sections included. */
export const SCREENS: readonly Screen[] = [
  { name: "overview", path: "/", ready: (page) => page.getByRole("heading", { name: "Welcome, Ada" }).waitFor() },
  { name: "account", path: "/account", ready: (page) => page.getByLabel("MFA secret").waitFor() },
  {
    name: "organisations",
    path: "/org",
    ready: (page) => page.getByRole("row", { name: "grace@acme.example" }).waitFor(),
  },
  {
    name: "org-invitations",
    path: "/org",
    open: (page) => openOrgSection(page, "Invitations"),
    ready: (page) => page.getByRole("row", { name: "linus@acme.example" }).waitFor(),
  },
  {
    name: "org-settings",
    path: "/org",
    open: (page) => openOrgSection(page, "Settings"),
    ready: (page) => page.getByRole("button", { name: "Save settings" }).waitFor(),
  },
  {
    name: "org-join-or-create",
    path: "/org",
    open: (page) => openOrgSection(page, "Join or create"),
    ready: (page) => page.getByRole("button", { name: "Create organisation" }).waitFor(),
  },
  { name: "api-keys", path: "/api_keys", ready: (page) => page.getByRole("heading", { name: "API keys" }).waitFor() },
];

/** Goes to `screen` and waits until it has loaded. */
export async function visit(page: Page, baseUrl: string, screen: Screen): Promise<void> {
  await page.goto(new URL(screen.path, baseUrl).href);
  if (screen.open) {
    await page.getByRole("tablist", { name: "Organisation sections" }).waitFor();
    await screen.open(page);
  }
  await screen.ready(page);
}
