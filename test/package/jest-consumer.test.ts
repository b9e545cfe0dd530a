import { execFile } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { demoSeed, type RunningEmulator, startEmulator } from "../../src/emulator/index.js";

/**
 * The other test setup the README promises: an app's own jest 29 suite in jest-environment-jsdom 29 (jsdom 20, no
 * `URL.canParse`, no `AbortSignal.prototype.throwIfAborted`), requiring the installed tarball as CommonJS —
 * `createAuthClient`, `AuthProvider`, the testing kit and `StaticAuthProvider`, and a client that refreshes, makes a
 * front-end call and logs out against a running emulator (test/package/jest-app/).
 */
const appDir = inject("packedAppDir");
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ seed: demoSeed });
});
afterAll(() => emulator?.stop());

it("a jest 29 + jsdom 20 suite of an app uses the client against the emulator, the provider and the testing kit", async () => {
  const dir = join(appDir, "jest-app");
  cpSync(join(import.meta.dirname, "jest-app"), dir, { recursive: true });
  // asynchronous: the emulator answers from this process while jest runs
  const jest = await promisify(execFile)(
    process.execPath,
    [join(appDir, "node_modules", "jest", "bin", "jest.js"), "--ci", "--config", "jest.config.cjs"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "test", ORGAUTH_AUTH_URL: emulator.url } },
  ).catch((failed: { stdout: string; stderr: string; code: number }) => failed);
  expect(jest.stderr).toMatch(/Tests: +7 passed, 7 total/);
});
