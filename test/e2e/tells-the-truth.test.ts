/**
 * The demo tells the truth: the overview, the sign-in hint and the developer toolbar say which backend answers (the
 * emulator, or the Prism mock alone), and an error reads as a person should read it: a human message, the fields it
 * names marked, the code only in a folded panel for developers.
 */
import { expect, it } from "vitest";
import { signOut, submitPassword, waitSignedIn } from "./demo-actions.js";
import { useDemo } from "./demo-harness.js";

const demo = useDemo();
const mock = useDemo("prism");

it("on the emulator, the overview and the toolbar speak of the emulator, not of the Prism mock answering everything", async () => {
  const page = await demo.open("/");
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  const overview = await page.locator("main").innerText();
  expect(overview).toContain("comes from the orgauth emulator");
  expect(overview).not.toContain("comes from the Prism mock");
  const toolbar = page.getByRole("complementary", { name: "Scenario toolbar" });
  expect(await toolbar.getByRole("option", { selected: true }).innerText()).toBe("None: the emulator answers");
  expect(await toolbar.innerText()).not.toContain("Every call gets the contract's first example");
  await toolbar.getByLabel("Scenario", { exact: true }).selectOption("server-error");
  await toolbar.getByText("Answered by the Prism mock, not the emulator:").waitFor();
});

it("on the Prism mock, they say the contract's examples answer", async () => {
  const page = await mock.open("/");
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  expect(await page.locator("main").innerText()).toContain("comes from the Prism mock");
  const toolbar = page.getByRole("complementary", { name: "Scenario toolbar" });
  expect(await toolbar.getByRole("option", { selected: true }).innerText()).toBe("Contract defaults (happy path)");
  await toolbar.getByText("Every call gets the contract's first example.").waitFor();
});

it("the toolbar folds to one line and stays folded across pages", async () => {
  const page = await demo.open("/");
  await waitSignedIn(page);
  await page.getByRole("button", { name: "Hide toolbar" }).click();
  expect(await page.getByLabel("Scenario", { exact: true }).count()).toBe(0);
  await page.goto(new URL("/account", demo.url).href);
  await page.getByRole("button", { name: "Developer toolbar", exact: true }).waitFor();
  expect(await page.getByLabel("Scenario", { exact: true }).count()).toBe(0);
});

it("a wrong password (the emulator's real answer) reads as a person should read it", async () => {
  const page = await demo.open("/");
  await waitSignedIn(page);
  await signOut(page);
  await submitPassword(page, "not her password");
  const alert = page.getByRole("alert");
  await alert.getByText("Invalid email or password").waitFor();
  const shown = await alert.innerText();
  expect(shown).not.toContain("highlighted");
  expect(shown).not.toContain("invalid_request_fields");
  expect(shown).not.toMatch(/password:/);
  // a wrong password is answered as an unknown e-mail (nothing tells which accounts exist), so no field is named
  // and none is marked
  expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBeNull();
  expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBeNull();
  // the code is there for a developer who unfolds it
  await alert.getByText("Details for developers").click();
  await alert.getByText("user_not_found").waitFor();
  // typing the right password clears the mark with the error
  await submitPassword(page);
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
});
