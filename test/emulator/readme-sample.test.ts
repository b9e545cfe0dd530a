import { createTransport, loginPasswordless, refreshToken } from "orgauth";
import { createEmulator } from "orgauth/emulator";
import { createCookieFetch } from "orgauth/testing";
import { afterAll, beforeEach, expect, it } from "vitest";

const emulator = await createEmulator({ seed: { users: [{ email: "ada@acme.example", password: "correct horse" }] } });
beforeEach(() => emulator.reset()); // back to the seed
afterAll(() => emulator.stop());

it("logs in with a magic link", async () => {
  const fetchWithCookies = createCookieFetch(); // keeps the session cookie, as a browser does
  const transport = createTransport({ authUrl: emulator.url, fetch: fetchWithCookies });
  await loginPasswordless(transport, { body: { email: "ada@acme.example", create_if_doesnt_exist: false } });
  await fetchWithCookies(await emulator.latestLink("ada@acme.example", "magic_link"));
  expect((await refreshToken(transport)).user.email).toBe("ada@acme.example");
});
