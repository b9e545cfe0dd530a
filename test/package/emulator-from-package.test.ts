import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

/** `createEmulator` as a user's Node suite gets it: from the installed package's `orgauth/testing` entry. */
const appDir = inject("packedAppDir");

const SCRIPT = `
import { createEmulator, demoSeed, DEMO_PASSWORD } from "orgauth/testing";
const emulator = await createEmulator({ seed: demoSeed });
try {
  const anonymous = await fetch(emulator.url + "/api/v1/refresh_token");
  const login = await fetch(emulator.url + "/api/fe/v3/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  const ui = await (await fetch(emulator.url + "/__emulator/ui")).text();
  const seed = await (await fetch(emulator.url + "/__emulator/seed")).json();
  console.log(JSON.stringify({
    anonymous: anonymous.status,
    login: login.status,
    state: (await login.json()).login_state,
    adminUi: ui.includes("orgauth emulator · Admin") && ui.includes("function h(tag"),
    exportedUsers: seed.users.length,
  }));
} finally {
  await emulator.stop();
}
`;

describe("the emulator from the packed package", () => {
  it("starts from orgauth/testing, answers as the provider does, and stops", () => {
    writeFileSync(join(appDir, "emulator-check.mjs"), SCRIPT);
    const output = execFileSync(process.execPath, ["emulator-check.mjs"], { cwd: appDir, timeout: 90_000 }).toString();
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual({
      anonymous: 401,
      login: 200,
      state: "Finished",
      adminUi: true,
      exportedUsers: 6,
    });
  }, 120_000);

  it("ships the seed format's JSON Schema as orgauth/seed.schema.json", () => {
    const resolved = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", 'console.log(import.meta.resolve("orgauth/seed.schema.json"))'],
      { cwd: appDir },
    )
      .toString()
      .trim();
    const shipped = readFileSync(new URL(resolved), "utf8");
    expect(shipped).toBe(readFileSync(new URL("../../src/emulator/seed.schema.json", import.meta.url), "utf8"));
  });
});
