/** Session-wide flows: protected-route redirect with the return address, logout shared by two tabs, session scenarios. */
import { expect, it } from "vitest";
import { chooseScenario, signOut, submitPassword, waitSignedIn } from "./demo-actions.js";
import { useDemo } from "./demo-harness.js";

const demo = useDemo();

it("shows the overview to a signed-in visitor", async () => {
  const page = await demo.open("/");
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  expect(await page.getByRole("region", { name: "Your organisations" }).innerText()).toContain("Acme Inc.");
  await demo.screenshot(page, "overview");
});

it("sends a logged-out visitor from a protected page to sign-in and back with the return address", async () => {
  const page = await demo.open("/");
  await waitSignedIn(page);
  await signOut(page);
  await page.goto(new URL("/account", demo.url).href);
  await page.waitForURL(/\/login\?rt=/);
  const rt = new URL(page.url()).searchParams.get("rt") ?? "";
  expect(Buffer.from(rt, "base64").toString("utf8")).toBe(new URL("/account", demo.url).href);
  await page.getByText("After signing in you will return to /account").waitFor();
  await demo.screenshot(page, "sign-in");
  await submitPassword(page);
  await page.waitForURL((url) => url.pathname === "/account");
  await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
});

it("a signed-out visitor who opens /, /org, then /api_keys is sent to sign in each time, never told it failed", async () => {
  const page = await demo.open("/");
  await waitSignedIn(page);
  await signOut(page);
  expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0); // no menu while signed out
  for (const path of ["/", "/org", "/api_keys"]) {
    await page.goto(new URL(path, demo.url).href);
    await page.waitForURL(/\/login\?rt=/);
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByText("Signing in did not complete").count()).toBe(0);
    expect(await page.locator(".orgauth-login-failed").count()).toBe(0);
  }
});

it("the hosted account and create-org pages offer the way back to their return address (rt)", async () => {
  const rt = (path: string) => encodeURIComponent(Buffer.from(new URL(path, demo.url).href).toString("base64"));
  const page = await demo.open(`/account?rt=${rt("/api_keys")}`);
  await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
  await page
    .getByLabel("Return address")
    .getByRole("link", { name: /^Back to / })
    .click();
  await page.waitForURL((url) => url.pathname === "/api_keys");
  await page.goto(new URL(`/create_org?rt=${rt("/account")}`, demo.url).href);
  await page.getByRole("heading", { name: "Create an organisation" }).waitFor();
  await page
    .getByLabel("Return address")
    .getByRole("link", { name: /^Back to / })
    .click();
  await page.waitForURL((url) => url.pathname === "/account");
});

it("logging out in one tab shows the other tab logged out", async () => {
  const context = await demo.newContext();
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(demo.url);
  await second.goto(new URL("/org", demo.url).href);
  await waitSignedIn(first);
  await waitSignedIn(second);
  await signOut(first);
  // the other tab hears about it (storage event / broadcast) and its protected page sends it to sign-in
  await second.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  expect(new URL(second.url()).pathname).toBe("/login");
  // the route may change before the session's label does (the logout is told first, the session read after it)
  await expect.poll(() => second.getByLabel("Session").innerText()).toContain("Signed out");
});

it("applies a session scenario at once, keeps it across a reload of the tab, and undoes it on reset", async () => {
  const page = await demo.open("/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
  await chooseScenario(page, "impersonated");
  // the header's notice names who is impersonating the user
  const notice = page
    .getByRole("status")
    .getByText("Support user 2636810c-617f-46ad-8949-ba4c4d4bb70c is signed in as you (impersonation).");
  await notice.waitFor();
  await page.reload();
  await notice.waitFor();
  await page.getByRole("button", { name: "Reset" }).click();
  await notice.waitFor({ state: "detached" });

  await chooseScenario(page, "logged-out");
  await page.waitForURL(/\/login\?rt=/);
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  await chooseScenario(page, "");
  // the demo server still holds the session: signed in again, and back to the page the visitor was on
  await page.waitForURL((url) => url.pathname === "/org");
  await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
});
