import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";
import { PGLITE_NODE_FLAGS } from "../support/wasm-flags.js";

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
  const opened = await fetch(emulator.url + "/__emulator/ui?token=" + encodeURIComponent(emulator.secret), { redirect: "manual" });
  const adminCookie = (opened.headers.get("set-cookie") ?? "").split(";")[0];
  const ui = await (await fetch(emulator.url + "/__emulator/ui", { headers: { Cookie: adminCookie } })).text();
  const admin = { headers: { "x-emulator-secret": emulator.secret } };
  const seed = await (await fetch(emulator.url + "/__emulator/seed", admin)).json();
  console.log(JSON.stringify({
    reactInstalled,
    staticClient: client.getSnapshot().status,
    requiredTesting: typeof required.createStaticAuthClient,
    anonymous: anonymous.status,
    login: login.status,
    state: (await login.json()).login_state,
    adminUi: ui.includes("orgauth emulator · Admin") && ui.includes("Search users"),
    exportedUsers: seed.users.length,
  }));
} finally {
  await emulator.stop();
}
`;

/** The provider's backend library, installed beside the package, verifies the emulator's tokens as documented. */
const VERIFY = `
import { initBaseAuth } from "@propelauth/node";
import { createEmulator, demoSeed, DEMO_PASSWORD } from "orgauth/emulator";
const emulator = await createEmulator({ seed: demoSeed });
try {
  const login = await fetch(emulator.url + "/api/fe/v3/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const { access_token } = await (await fetch(emulator.url + "/api/v1/refresh_token", { headers: { Cookie: cookie } })).json();
  const backend = initBaseAuth({ authUrl: emulator.url, apiKey: "x", manualTokenVerificationMetadata: emulator.tokenVerification });
  const verified = (await backend.validateAccessTokenAndGetUser("Bearer " + access_token)).email;
  console.log(JSON.stringify({ verified }));
} finally {
  await emulator.stop();
}
`;

describe("the Node entries from the packed package", () => {
  it("orgauth/emulator and orgauth/testing load in a Node suite without React: the emulator answers as the provider does", () => {
    const dir = nodeOnlyApp();
    writeFileSync(join(dir, "emulator-check.mjs"), SCRIPT);
    const output = execFileSync(process.execPath, [...PGLITE_NODE_FLAGS, "emulator-check.mjs"], {
      cwd: dir,
      timeout: 90_000,
    }).toString();
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
  });

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
    expect(shipped).toBe(readFileSync(new URL("../../src/emulator/seeds/seed.schema.json", import.meta.url), "utf8"));
  });

  it("the emulator's tokens verify with @propelauth/node configured from createEmulator().tokenVerification", () => {
    writeFileSync(join(appDir, "verify-check.mjs"), VERIFY);
    const output = execFileSync(process.execPath, [...PGLITE_NODE_FLAGS, "verify-check.mjs"], {
      cwd: appDir,
      timeout: 90_000,
    }).toString();
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual({ verified: "ada@acme.example" });
  });
});

describe("the orgauth-emulator command of the packed package", () => {
  it("starts with one command, with the flags of npm run emulator, serves the demo seed and logs requests", async () => {
    const bin = join(appDir, "node_modules", ".bin", "orgauth-emulator");
    const port = await freePort();
    const child = spawn(bin, ["--port", String(port)], { cwd: appDir, stdio: "pipe" });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(
        () => output.includes("Press Ctrl-C"),
        () => output,
      );
      expect(output).toContain(`Auth URL   http://127.0.0.1:${port}`);
      expect(output).toContain("manualTokenVerificationMetadata");
      const login = await fetch(`http://127.0.0.1:${port}/api/fe/v3/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
        body: JSON.stringify({ email: "ada@acme.example", password: "orgauth-demo" }),
      });
      expect(await login.json()).toEqual({ login_state: "Finished" });
      await until(
        () => /POST \/api\/fe\/v3\/login 200/.test(output),
        () => output,
      );
    } finally {
      await stopProcess(child);
    }
    expect(child.exitCode ?? child.signalCode).not.toBeNull();
  });

  it("lists its flags with --help", () => {
    const bin = join(appDir, "node_modules", ".bin", "orgauth-emulator");
    const help = execFileSync(bin, ["--help"], { cwd: appDir, timeout: 60_000 }).toString();
    for (const flag of ["--port", "--data-dir", "--database", "--seed", "--default-redirect", "--quiet"])
      expect(help).toContain(flag);
  });
});

/** Waits until `done()` holds (polling), failing with `output()` after 90 s. */
async function until(done: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
