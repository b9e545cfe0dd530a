import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";

/**
 * The Node entries as a user's Node suite gets them, from the installed package: `orgauth/emulator` starts the
 * local provider, `orgauth/testing` builds a static client — in an app where React is not installed at all.
 */
const appDir = inject("packedAppDir");

/** Packages a Node-only suite does not install: React and everything built on it. */
const REACT_PACKAGES = new Set([
  "react",
  "react-dom",
  "react-18",
  "react-dom-18",
  "scheduler",
  "@tanstack",
  "@testing-library",
  "@propelauth",
]);

/** A sibling app with the package copied in (not linked: a link would resolve React next to the original). */
function nodeOnlyApp(): string {
  const dir = join(appDir, "..", "node-suite");
  if (existsSync(dir)) return dir;
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  for (const entry of readdirSync(join(appDir, "node_modules"))) {
    if (REACT_PACKAGES.has(entry)) continue;
    const from = join(appDir, "node_modules", entry);
    if (entry === "orgauth") cpSync(from, join(dir, "node_modules", entry), { recursive: true });
    else symlinkSync(from, join(dir, "node_modules", entry));
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "node-suite", private: true, type: "module" }));
  return dir;
}

const SCRIPT = `
import { createRequire } from "node:module";
import { createEmulator, demoSeed, DEMO_PASSWORD } from "orgauth/emulator";
import { createStaticAuthClient, makeAuthInfo } from "orgauth/testing";
const reactInstalled = await import("react").then(() => true, () => false);
const required = createRequire(import.meta.url)("orgauth/testing");
const client = createStaticAuthClient({ authInfo: makeAuthInfo() });
const emulator = await createEmulator({ seed: demoSeed });
try {
  const anonymous = await fetch(emulator.url + "/api/v1/refresh_token");
  const login = await fetch(emulator.url + "/api/fe/v3/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  const ui = await (await fetch(emulator.url + "/__emulator/ui")).text();
  const admin = { headers: { "x-emulator-secret": emulator.secret } };
  const seed = await (await fetch(emulator.url + "/__emulator/seed", admin)).json();
  console.log(JSON.stringify({
    reactInstalled,
    staticClient: client.getSnapshot().status,
    requiredTesting: typeof required.createStaticAuthClient,
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

describe("the Node entries from the packed package", () => {
  it("orgauth/emulator and orgauth/testing load in a Node suite without React: the emulator answers as the provider does", () => {
    const dir = nodeOnlyApp();
    writeFileSync(join(dir, "emulator-check.mjs"), SCRIPT);
    const output = execFileSync(process.execPath, ["emulator-check.mjs"], { cwd: dir, timeout: 90_000 }).toString();
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual({
      reactInstalled: false,
      staticClient: "logged_in",
      requiredTesting: "function",
      anonymous: 401,
      login: 200,
      state: "Finished",
      adminUi: true,
      exportedUsers: 6,
    });
  }, 120_000);

  it("orgauth/testing/react is the part that needs React", () => {
    const dir = nodeOnlyApp();
    writeFileSync(join(dir, "react-check.mjs"), `await import("orgauth/testing/react");`);
    expect(() => execFileSync(process.execPath, ["react-check.mjs"], { cwd: dir, stdio: "pipe" })).toThrow(
      /Cannot find package 'react'/,
    );
  });

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
