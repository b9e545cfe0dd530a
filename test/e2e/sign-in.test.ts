/** Sign-in through every login step, the other sign-in forms, and their errors, as a person sees them. */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { chooseScenario, signOut, submitPassword, waitSignedIn } from "./demo-actions.js";
import { useDemo, type DemoHarness } from "./demo-harness.js";

const demo = useDemo();
/**
 * The Prism mock alone, for sign-ins whose steps are answered by the scenario toolbar's examples and then go on
 * without a scenario (the session check after the last step): on the emulator that check would reach a provider
 * that never saw the sign-in. Also where the test reads Prism's example answers (a reset e-mail's Gmail link, the
 * example identity provider's address, a signup answer for a person the emulator already holds).
 */
const mock = useDemo("prism");

/** A signed-out page on the sign-in screen, with a scenario chosen. */
async function signedOut(scenario = "", on: DemoHarness = demo): Promise<Page> {
  const page = await on.open("/");
  await waitSignedIn(page);
  await signOut(page);
  if (scenario) await chooseScenario(page, scenario);
  return page;
}

async function expectOverview(page: Page): Promise<void> {
  await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
}

it("signs in with email and password", async () => {
  const page = await signedOut();
  await submitPassword(page);
  await expectOverview(page);
});

it("shows the user-facing error for wrong credentials, a locked account and invalid fields", async () => {
  const page = await signedOut("wrong-password");
  await submitPassword(page);
  await page.getByRole("alert").getByText("Invalid email or password").waitFor();
  await chooseScenario(page, "account-locked");
  await submitPassword(page);
  await page.getByRole("alert").getByText("Your account is locked. Please reset your password to unlock it.").waitFor();
  await chooseScenario(page, "invalid-fields");
  await submitPassword(page);
  await page.getByRole("alert").getByText("Please enter a valid email address").waitFor();
  await demo.screenshot(page, "sign-in-error");
});

it("asks for an MFA code, shows a wrong code's error, and accepts a backup code", async () => {
  const page = await signedOut("mfa-wrong-code", mock);
  await submitPassword(page);
  await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
  await mock.screenshot(page, "sign-in-mfa");
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("alert").getByText("Invalid code. Please try again.").waitFor();
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill("7kq2-9fzd");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("alert").getByText("That backup code is not valid").waitFor();
  await chooseScenario(page, "step-TwoFactorRequired"); // the same step, where codes are accepted
  await page.getByRole("button", { name: "Verify" }).click();
  await expectOverview(page);
});

const STEPS: { scenario: string; heading: string; complete: (page: Page) => Promise<void> }[] = [
  {
    scenario: "step-TwoFactorRequired",
    heading: "Two-factor authentication",
    complete: async (page) => {
      await page.getByLabel("Code from your authenticator app").fill("123456");
      await page.getByRole("button", { name: "Verify" }).click();
    },
  },
  {
    scenario: "step-ConfirmEmailRequired",
    heading: "Confirm your email",
    complete: async (page) => {
      await page.getByRole("button", { name: "Resend the email" }).click();
      await page.getByText("Email sent.").waitFor();
      await page.getByRole("button", { name: "I have confirmed it" }).click();
    },
  },
  {
    scenario: "step-UserMetadataRequired",
    heading: "Tell us about yourself",
    complete: async (page) => {
      await page.getByLabel("First name").fill("Ada");
      await page.getByLabel("Last name").fill("Lovelace");
      await page.getByRole("button", { name: "Continue" }).click();
    },
  },
  {
    scenario: "step-OrgCreationRequired",
    heading: "Join or create an organisation",
    complete: async (page) => {
      await page.getByRole("button", { name: "Join Initech" }).click();
    },
  },
  {
    scenario: "step-UpdatePasswordRequired",
    heading: "Choose a new password",
    complete: async (page) => {
      await page.getByLabel("New password", { exact: true }).fill("a much better password");
      await page.getByRole("button", { name: "Set password" }).click();
    },
  },
  {
    scenario: "step-TwoFactorEnablementRequired",
    heading: "Turn on two-factor authentication",
    complete: async (page) => {
      await page.getByLabel("MFA secret").getByText("JBSWY3DPEHPK3PXP", { exact: false }).waitFor();
      await page.getByLabel("Code from the app").fill("123456");
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    },
  },
];

it("walks through every login step after the password and ends signed in", async () => {
  const page = await signedOut("", mock);
  for (const step of STEPS) {
    await chooseScenario(page, step.scenario);
    await submitPassword(page);
    await page.getByRole("heading", { name: step.heading }).waitFor();
    await step.complete(page);
    await expectOverview(page);
    await signOut(page);
  }
});

it("signs up, sends a magic link and a password reset, and shows their errors", async () => {
  const page = await signedOut("", mock);
  await page.getByRole("tab", { name: "Forgot password" }).click();
  await page.getByLabel("Email").fill("ada@acme.example");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText("a password reset link is on its way").waitFor();
  await page.getByRole("link", { name: "Open gmail" }).waitFor();

  await page.getByRole("tab", { name: "Magic link" }).click();
  await page.getByLabel("Email").fill("ada@acme.example");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByText("a sign-in link is on its way").waitFor();
  await chooseScenario(page, "sign-up-disabled");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("alert").getByText("Passwordless login is not enabled").waitFor();

  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill("grace@acme.example");
  await page.getByLabel("Password", { exact: true }).fill("hopper-1906");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("alert").getByText("Signups are currently disabled").waitFor();
  await chooseScenario(page, "");
  await page.getByRole("button", { name: "Create account" }).click();
  // the contract's first signup answer: the email must be confirmed next
  await page.getByRole("heading", { name: "Confirm your email" }).waitFor();
});

it("looks up SSO, links the 12 social providers and the hosted pages with a return address", async () => {
  const page = await signedOut("saml-errors");
  await page.getByRole("tab", { name: "SSO" }).click();
  await page.getByLabel("Work email or domain").fill("nobody@nowhere.example");
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  await page.getByRole("alert").getByText("No organization with single sign-on was found").waitFor();
  expect(await page.locator(".providers button").count()).toBe(12);
  // each provider's name as the provider writes it
  expect(await page.locator(".providers button").allTextContents()).toEqual(
    expect.arrayContaining(["GitHub", "LinkedIn", "QuickBooks", "Google"]),
  );
  const hosted = page.getByRole("region", { name: "Hosted pages" });
  for (const name of ["Hosted login", "Hosted signup", "Hosted account page", "Hosted create-org page"]) {
    expect(await hosted.getByRole("link", { name }).getAttribute("href")).toMatch(/\?(.*&)?rt=/);
  }
  await page.getByRole("button", { name: "GitHub", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/github/login");
  await page.getByRole("heading", { name: "Continue with GitHub" }).waitFor();
});

it("SSO by domain and by email: shows where the identity provider would take over, with the way back", async () => {
  const page = await signedOut("", mock);
  for (const [lookup, param, value] of [
    ["acme.example", "domain", "acme.example"],
    ["ada@acme.example", "email", "ada@acme.example"],
  ] as const) {
    await page.getByRole("tab", { name: "SSO" }).click();
    await page.getByLabel("Work email or domain").fill(lookup);
    const checked = page.waitForRequest((request) => request.url().includes("/api/fe/v3/login/check?"));
    await page.getByRole("button", { name: "Continue with SSO" }).click();
    expect(new URL((await checked).url()).searchParams.get(param)).toBe(value);
    await page.waitForURL((url) => url.pathname === "/idp");
    const idp = page.getByRole("region", { name: "Identity provider" });
    await idp.getByText("You would now be at your identity provider:").waitFor();
    expect(await idp.locator("code").first().innerText()).toMatch(
      /^https:\/\/idp\.example\.com\/sso\/saml\?SAMLRequest=/,
    );
    await mock.screenshot(page, "sign-in-sso");
    await idp.getByRole("link", { name: "Back to sign in" }).click();
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  }
});

it("confirm email: the resend's rate-limit error, and only that step's actions", async () => {
  const page = await signedOut("confirm-email-rate-limited");
  await submitPassword(page);
  const confirm = page.getByRole("region", { name: "Confirm your email" });
  await confirm.getByRole("button", { name: "Resend the email" }).click();
  await confirm.getByRole("alert").getByText("Too many requests. Please wait a minute and try again.").waitFor();
  expect(await confirm.getByRole("button").allInnerTexts()).toEqual(["Resend the email", "I have confirmed it"]);
  expect(await page.getByRole("tab").count()).toBe(0);
});

it("create organisation: the limit error under the create form, then signed in", async () => {
  const page = await signedOut("step-OrgCreationRequired", mock);
  await submitPassword(page);
  await page.getByRole("heading", { name: "Join or create an organisation" }).waitFor();
  await chooseScenario(page, "org-limits");
  const create = page.getByRole("region", { name: "Create an organisation" });
  await create.getByLabel("Name").fill("Hooli");
  await create.getByRole("button", { name: "Create organisation" }).click();
  await create.getByRole("alert").getByText("You have reached the maximum number of organizations").waitFor();
  expect(await page.getByRole("region", { name: "Organisations you can join" }).getByRole("alert").count()).toBe(0);
  await chooseScenario(page, "step-OrgCreationRequired"); // the same step, where creating succeeds
  await create.getByRole("button", { name: "Create organisation" }).click();
  await expectOverview(page);
});

it("MFA setup step: a setup that cannot load shows its user-facing error and no enable button", async () => {
  const page = await signedOut("step-TwoFactorEnablementRequired", mock);
  await submitPassword(page);
  await page.getByRole("heading", { name: "Turn on two-factor authentication" }).waitFor();
  await chooseScenario(page, "email-not-confirmed");
  const enable = page.getByRole("region", { name: "Turn on two-factor authentication" });
  await enable.getByRole("alert").getByText("Please confirm your email address first").waitFor();
  expect(await enable.getByRole("button", { name: "Turn on two-factor authentication" }).count()).toBe(0);
});

it("MFA locked: a wrong code shows the locked message and the visitor stays signed out", async () => {
  const page = await signedOut("mfa-locked");
  await submitPassword(page);
  const mfa = page.getByRole("region", { name: "Two-factor authentication" });
  await mfa.getByLabel("Code from your authenticator app").fill("000000");
  await mfa.getByRole("button", { name: "Verify" }).click();
  await mfa.getByRole("alert").getByText("Too many incorrect codes. Please try again later.").waitFor();
  expect(await page.getByLabel("Session").innerText()).toContain("Signed out");
});
