import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createEmulator, demoSeed, DEMO_PASSWORD, type TestEmulator } from "../../src/emulator/index.js";
import { createTransport, loginPasswordless, login, refreshToken } from "../../src/index.js";

/**
 * The testing API as a user's suite would use it (the README's example): one emulator for the file, reset before
 * each test, the outbox read for a magic link.
 */
let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await createEmulator({ seed: demoSeed });
});
afterAll(() => emulator.stop());
beforeEach(() => emulator.reset());

/** fetch with a cookie jar, standing in for a browser. */
function browserFetch(): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    if (jar.size) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new Request(request, { headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  };
}

it("logs in with a magic link from the outbox and refreshes a real session", async () => {
  const fetch = browserFetch();
  const transport = createTransport({ authUrl: emulator.url, fetch });
  await loginPasswordless(transport, { body: { email: "grace@acme.example", create_if_doesnt_exist: false } });
  const opened = await fetch(await emulator.latestLink("grace@acme.example", "magic_link"));
  expect(opened.status).toBe(303);
  expect((await refreshToken(transport)).user.email).toBe("grace@acme.example");
});

it("reset wipes what a test did; configure changes the rules", async () => {
  const transport = createTransport({ authUrl: emulator.url, fetch: browserFetch() });
  const body = { email: "ada@acme.example", password: DEMO_PASSWORD };
  await emulator.configure({ passwordLogin: false });
  await expect(login(transport, { body })).rejects.toMatchObject({ code: "action_disabled" });
  await emulator.reset();
  expect(await login(transport, { body })).toEqual({ login_state: "Finished" });
});
