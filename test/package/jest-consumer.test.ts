import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { expect, inject, it } from "vitest";

/**
 * The other test setup the README promises: an app's own jest 29 suite in jest-environment-jsdom 29 (jsdom 20, no
 * `URL.canParse`), requiring the installed tarball as CommonJS — `createAuthClient`, `AuthProvider`, the testing
 * kit and `StaticAuthProvider` (test/package/jest-app/).
 */
const appDir = inject("packedAppDir");

it("a jest 29 + jsdom 20 suite of an app creates a client, renders the provider and uses the testing kit", () => {
  const dir = join(appDir, "jest-app");
  cpSync(join(import.meta.dirname, "jest-app"), dir, { recursive: true });
  const jest = spawnSync(
    process.execPath,
    [join(appDir, "node_modules", "jest", "bin", "jest.js"), "--ci", "--config", "jest.config.cjs"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "test" } },
  );
  expect(jest.stderr).toMatch(/Tests: +5 passed, 5 total/);
  expect(jest.status).toBe(0);
});
