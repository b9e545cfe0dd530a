import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { freePort, stopProcess } from "../../scripts/lib/prism.js";

/** `createEmulator` as a user's Node suite gets it: from the installed package's `orgauth/testing` entry. */
const appDir = inject("packedAppDir");

const SCRIPT = `
import { initBaseAuth } from "@propelauth/node";
import { createEmulator, demoSeed, DEMO_PASSWORD } from "orgauth/testing";
const emulator = await createEmulator({ seed: demoSeed });
try {
  const anonymous = await fetch(emulator.url + "/api/v1/refresh_token");
  const login = await fetch(emulator.url + "/api/fe/v3/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const { access_token } = await (await fetch(emulator.url + "/api/v1/refresh_token", { headers: { Cookie: cookie } })).json();
  const backend = initBaseAuth({ authUrl: emulator.url, apiKey: "x", manualTokenVerificationMetadata: emulator.tokenVerification });
  const verified = (await backend.validateAccessTokenAndGetUser("Bearer " + access_token)).email;
  console.log(JSON.stringify({ anonymous: anonymous.status, login: login.status, state: (await login.json()).login_state, verified }));
} finally {
  await emulator.stop();
}
`;

describe("the emulator from the packed package", () => {
  it("starts from orgauth/testing, answers as the provider does, its tokens verify with @propelauth/node, and stops", () => {
    writeFileSync(join(appDir, "emulator-check.mjs"), SCRIPT);
    const output = execFileSync(process.execPath, ["emulator-check.mjs"], { cwd: appDir, timeout: 90_000 }).toString();
    expect(JSON.parse(output.trim().split("\n").pop()!)).toEqual({
      anonymous: 401,
      login: 200,
      state: "Finished",
      verified: "ada@acme.example",
    });
  }, 120_000);
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
  }, 120_000);

  it("lists its flags with --help", () => {
    const bin = join(appDir, "node_modules", ".bin", "orgauth-emulator");
    const help = execFileSync(bin, ["--help"], { cwd: appDir, timeout: 60_000 }).toString();
    for (const flag of ["--port", "--data-dir", "--database", "--seed", "--default-redirect", "--quiet"])
      expect(help).toContain(flag);
  }, 90_000);
});

/** Waits until `done()` holds (polling), failing with `output()` after 90 s. */
async function until(done: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; output so far:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
