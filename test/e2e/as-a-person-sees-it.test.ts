/**
 * The demo as a person sees it: a real QR code and one MFA state at a time, codes checked before sending, the
 * sign-in following a new scenario at once, cancelled requests shown as cancelled, and a console the app and
 * library leave clean. (Every screen at every width: every-screen.test.ts.)
 */
import type { ConsoleMessage } from "playwright-core";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { currentTotp } from "../../src/emulator/tokens/totp.js";
import { chooseScenario, signOut, submitPassword, waitSignedIn } from "./demo-actions.js";
import { useDemo } from "./demo-harness.js";
import { SCREENS, visit } from "./demo-screens.js";

const demo = useDemo();

describe("MFA on the Account screen", () => {
  it("draws a real QR code of the secret's otpauth URI and checks the code before sending it", async () => {
    const page = await demo.open("/account");
    const mfa = page.getByRole("region", { name: "Two-factor authentication" });
    const secret = await mfa.getByLabel("MFA secret").innerText();
    const qr = mfa.getByRole("img", { name: "MFA QR code" });
    await qr.waitFor();
    const uri = `otpauth://totp/orgauth%20demo:ada%40acme.example?secret=${secret}&issuer=orgauth%20demo`;
    const expected = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    expect(await qr.getAttribute("src")).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(expected)}`);
    const drawn = await qr.boundingBox();
    expect(drawn!.width).toBeGreaterThanOrEqual(120); // large enough to scan, not a 1×1 placeholder

    const enableCalls: string[] = [];
    page.on("request", (request) => void (request.url().endsWith("/mfa_enable") && enableCalls.push(request.url())));
    for (const input of ["", "12345", "12a456"]) {
      await mfa.getByLabel("Code from the app").fill(input);
      await mfa.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await mfa.getByRole("alert").getByText("Enter the 6-digit code your authenticator app shows.").waitFor();
    }
    expect(enableCalls).toEqual([]);

    const code = currentTotp(secret); // what an authenticator app shows now, typed with a space in the middle
    await mfa.getByLabel("Code from the app").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await mfa.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await mfa.getByRole("list", { name: "Backup codes" }).waitFor();
    expect(enableCalls).toHaveLength(1);
    const text = await mfa.innerText();
    expect(text).toContain("Two-factor authentication is on.");
    expect(text).not.toContain("is off");
    expect(await mfa.getByLabel("MFA secret").count()).toBe(0);
    await page.reload(); // the server remembers it: still one state, on, and the codes are not shown again
    await mfa.getByText(/unused backup codes left/).waitFor();
    expect(await mfa.getByRole("list", { name: "Backup codes" }).count()).toBe(0);
    await mfa.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await mfa.getByLabel("MFA secret").waitFor();
    expect(await mfa.innerText()).not.toContain("is on");
  });
});

describe("the sign-in follows the scenario at once", () => {
  it("a reset mid-login goes back to the first step without the old error; a server error shows at once", async () => {
    const page = await demo.open("/");
    await waitSignedIn(page);
    await signOut(page);
    await chooseScenario(page, "mfa-wrong-code");
    await submitPassword(page);
    await page.getByLabel("Code from your authenticator app").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("alert").getByText("Invalid code. Please try again.").waitFor();

    await chooseScenario(page, "server-error");
    await page.getByRole("heading", { name: "Sign-in is unavailable" }).waitFor();
    await page.getByRole("alert").waitFor();

    await chooseScenario(page, "");
    await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await submitPassword(page);
    await page.getByRole("heading", { name: "Welcome, Ada" }).waitFor();
  });
});

describe("the calls panel", () => {
  it("never lists a request the app cancelled (StrictMode's duplicate) as failed", async () => {
    const page = await demo.open("/org");
    await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
    await page.getByRole("button", { name: /^Calls \(/ }).click();
    const calls = page.getByRole("list", { name: "Last calls" });
    await calls.waitFor();
    expect(await calls.innerText()).not.toContain("failed");
  });
});

/** Console lines that are not the app's or the library's: the dev server's client, React's dev-build notice, and the browser's own line for an expected 401. */
function fromTheToolsOrTheBrowser(message: ConsoleMessage): boolean {
  const text = message.text();
  return (
    (message.type() === "debug" && text.startsWith("[vite]")) ||
    (message.type() === "info" && text.includes("Download the React DevTools")) ||
    (message.type() === "error" && /^Failed to load resource: the server responded with a status of 401\b/.test(text))
  );
}

describe("the console", () => {
  it("stays clean on every screen, signed in, signed out and through every login step", async () => {
    const page = await demo.open("/");
    const lines: string[] = [];
    page.on(
      "console",
      (message) => void (fromTheToolsOrTheBrowser(message) || lines.push(`${message.type()}: ${message.text()}`)),
    );
    page.on("pageerror", (error) => void lines.push(`uncaught: ${error.message}`));
    await waitSignedIn(page);
    for (const screen of SCREENS) await visit(page, demo.url, screen);
    await signOut(page);
    for (const tab of ["Magic link", "SSO", "Sign up", "Forgot password", "Password"])
      await page.getByRole("tab", { name: tab, exact: true }).click();
    const steps = [
      ["step-TwoFactorRequired", "Two-factor authentication"],
      ["step-ConfirmEmailRequired", "Confirm your email"],
      ["step-UserMetadataRequired", "Tell us about yourself"],
      ["step-OrgCreationRequired", "Join or create an organisation"],
    ] as const;
    for (const [scenario, heading] of steps) {
      await chooseScenario(page, scenario);
      await submitPassword(page);
      await page.getByRole("heading", { name: heading }).waitFor();
      await chooseScenario(page, ""); // back to the defaults: the half-done sign-in starts over
      await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
    }
    expect(lines).toEqual([]);
  });
});
