import { afterAll, beforeAll, expect, it } from "vitest";
import { demoSeed } from "../../src/emulator/index.js";
import { createEmulator, type TestEmulator } from "../../src/testing/emulator.js";

/** `createEmulator` hands its users the admin secret, and the admin API works with it and only with it. */
let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await createEmulator({ seed: demoSeed });
});
afterAll(() => emulator.stop());

it("exposes the admin secret on the handle; the admin API answers with it and refuses without it", async () => {
  const settings = (headers: Record<string, string>) => fetch(`${emulator.url}/__emulator/settings`, { headers });
  expect((await settings({ "x-emulator-secret": emulator.secret })).status).toBe(200);
  expect((await settings({})).status).toBe(403);
});

it("takes a fixed secret and the allowed app origins as options", async () => {
  const fixed = await createEmulator({ adminSecret: "a-fixed-secret", allowedOrigins: ["http://app.test:5173"] });
  try {
    expect(fixed.secret).toBe("a-fixed-secret");
    const answer = await fetch(`${fixed.url}/__emulator/reset`, {
      method: "POST",
      headers: { "x-emulator-secret": "a-fixed-secret" },
    });
    expect(answer.status).toBe(200);
  } finally {
    await fixed.stop();
  }
});
