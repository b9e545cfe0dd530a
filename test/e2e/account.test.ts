/** The Account screen: profile, email, password, MFA, delete account, and their errors. */
import { expect, it } from "vitest";
import { currentTotp } from "../../src/emulator/tokens/totp.js";
import { chooseScenario } from "./demo-actions.js";
import { DEMO_USER, useDemo } from "./demo-harness.js";

const demo = useDemo();

it("shows the profile, saves it, and shows field errors", async () => {
  const page = await demo.open("/account");
  await page.getByRole("heading", { name: "Account", exact: true }).waitFor();
  expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
  expect(await page.getByLabel("Favourite colour (a custom property)").inputValue()).toBe("teal");
  await page.getByRole("region", { name: "Two-factor authentication" }).getByLabel("MFA secret").waitFor();
  await demo.screenshot(page, "account");
  await page.getByRole("button", { name: "Save profile" }).click();
  await page.getByText("Profile saved.").waitFor();
  await chooseScenario(page, "account-rate-limited");
  await page.getByRole("button", { name: "Save profile" }).click();
  await page.getByRole("alert").getByText("This username is already taken").waitFor();
});

it("changes email and password, with the incorrect-password and rate-limit errors", async () => {
  const page = await demo.open("/account");
  await page.getByLabel("New email address").fill("ada@lovelace.example");
  await page.getByLabel("Your password").fill(DEMO_USER.password);
  await page.getByRole("button", { name: "Change email" }).click();
  await page.getByText("Check ada@lovelace.example for a confirmation link.").waitFor();
  await page.getByLabel("Current password").fill(DEMO_USER.password);
  await page.getByLabel("New password", { exact: true }).fill("something longer");
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByText("Password updated.").waitFor();
  await chooseScenario(page, "account-errors");
  await page.getByRole("button", { name: "Change password" }).click();
  await page.getByRole("alert").getByText("Your current password is incorrect").waitFor();
  await page.getByRole("button", { name: "Change email" }).click();
  await page.getByRole("alert").getByText("Incorrect password").waitFor();
  await chooseScenario(page, "account-rate-limited");
  await page.getByRole("button", { name: "Change email" }).click();
  await page.getByRole("alert").getByText("A confirmation email was sent recently. Please check your inbox.").waitFor();
});

it("turns MFA on with the QR secret and shows the backup codes once, right then", async () => {
  const page = await demo.open("/account");
  const mfa = page.getByRole("region", { name: "Two-factor authentication" });
  // the emulator's fresh secret: the code an authenticator app would show for it now
  const secret = await mfa.getByLabel("MFA secret").innerText();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await mfa.getByLabel("Code from the app").fill(currentTotp(secret));
  await mfa.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await mfa.getByText("Two-factor authentication is on.").waitFor();
  const backupCodes = mfa.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await backupCodes.first().waitFor(); // the codes render after the "on" status, in a later commit
  expect(await backupCodes.count()).toBe(10);
  await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await mfa.getByText("Two-factor authentication is off.").waitFor();
  await chooseScenario(page, "mfa-enabled"); // the server says MFA is on, with four backup codes: counted, not shown
  await mfa.getByText("Two-factor authentication is on. 4 unused backup codes left").waitFor();
  expect(await mfa.getByRole("list", { name: "Backup codes" }).count()).toBe(0);
  expect(await mfa.innerText()).not.toContain("7kq2-9fzd");
});

it("deletes the account (or says deletion is off) and ends the session", async () => {
  const page = await demo.open("/account");
  await chooseScenario(page, "account-rate-limited");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await page.getByRole("alert").getByText("Deleting your account is not enabled").waitFor();
  await chooseScenario(page, "");
  await page.getByRole("button", { name: "Yes, delete my account" }).click();
  await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
  await page.getByLabel("Session").getByText("Signed out").waitFor(); // after the sign-in page's own session check
});

it("shows the MFA card's error state with its user-facing message", async () => {
  const page = await demo.open("/account");
  await page.getByRole("region", { name: "Two-factor authentication" }).getByLabel("MFA secret").waitFor();
  await chooseScenario(page, "email-not-confirmed");
  const mfa = page.getByRole("region", { name: "Two-factor authentication" });
  await mfa.getByText("The two-factor authentication status could not be loaded.").waitFor();
  await mfa.getByRole("alert").getByText("Please confirm your email address first").waitFor();
  expect(await mfa.getByRole("button").allInnerTexts()).toEqual(["Try again"]); // no turn-on or turn-off in this state
});

it("when the session becomes another user (no organisation), the account shows that user's details", async () => {
  const page = await demo.open("/account");
  expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
  await chooseScenario(page, "no-orgs");
  await page.getByText("newcomer@gmail.example · member since").waitFor();
  expect(await page.getByLabel("First name").inputValue()).toBe("");
  expect(await page.getByLabel("Favourite colour (a custom property)").inputValue()).toBe("");
  // no password yet: setting one needs no current password
  await page.getByRole("button", { name: "Set password" }).waitFor();
  expect(await page.getByLabel("Current password").count()).toBe(0);
});
