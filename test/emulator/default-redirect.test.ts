import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";

/**
 * A bare `toLogin()` sends the browser to `{authUrl}/login` with no return address. As with the provider's
 * dashboard default redirect, the login then ends back in the app the browser came from (an allowed origin), or at
 * the configured default redirect — followed here over HTTP, hop by hop, as a browser follows the redirects.
 */
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed });
});
afterAll(() => emulator?.stop());
beforeEach(() => emulator.reset());

/** Opens the login page as a browser navigating from `referer`, logs in as Ada, and returns where it ends. */
async function loginFrom(referer: string | undefined): Promise<string> {
  let url = `${emulator.url}/login`;
  const headers: Record<string, string> = referer ? { Referer: referer } : {};
  for (let hop = 0; hop < 5; hop++) {
    const page = await fetch(url, { headers, redirect: "manual" });
    if (page.status !== 303) break;
    url = new URL(page.headers.get("location")!, emulator.url).toString();
  }
  const rt = new URL(url).searchParams.get("rt");
  const posted = await fetch(`${emulator.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: url },
    body: new URLSearchParams({ email: "ada@acme.example", password: DEMO_PASSWORD, ...(rt && { rt }) }),
  });
  expect(posted.status).toBe(303);
  return new URL(posted.headers.get("location")!, emulator.url).toString();
}

it("brings the user back to the app they came from when its origin is a local app's", async () => {
  expect(await loginFrom("http://localhost:5173/")).toBe("http://localhost:5173/");
  expect(await loginFrom("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000/");
});

it("does not send the user to a foreign origin, nor back to the emulator's own pages", async () => {
  expect(await loginFrom("https://evil.example/")).toBe(`${emulator.url}/account`);
  expect(await loginFrom(`${emulator.url}/outbox`)).toBe(`${emulator.url}/account`);
  expect(await loginFrom(undefined)).toBe(`${emulator.url}/account`);
});

it("follows the project's default redirect when one is set, and an explicit return address over both", async () => {
  await emulator.configure({ defaultRedirect: "http://localhost:5173/welcome" });
  expect(await loginFrom("http://localhost:3000/")).toBe("http://localhost:5173/welcome");
  expect(await loginFrom(undefined)).toBe("http://localhost:5173/welcome");
  const rt = Buffer.from("http://localhost:4000/back", "utf8").toString("base64");
  const page = await fetch(`${emulator.url}/login?rt=${encodeURIComponent(rt)}`, { redirect: "manual" });
  expect(page.status).toBe(200);
  const posted = await fetch(`${emulator.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "ada@acme.example", password: DEMO_PASSWORD, rt }),
  });
  expect(posted.headers.get("location")).toBe("http://localhost:4000/back");
});
