import { execFile } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, inject, it } from "vitest";
import { docFilesOf } from "../support/doc-files.js";

/**
 * The other test setup the README promises: an app's own jest 29 suite in jest-environment-jsdom 29 (jsdom 20, no
 * `fetch`, no `URL.canParse`, no `AbortSignal.prototype.throwIfAborted`), requiring the installed tarball as
 * CommonJS: `createAuthClient`, `AuthProvider`, the testing kit and `StaticAuthProvider` (test/package/jest-app/),
 * and docs/testing.md's jest section word for word — its config, the global setup that starts the emulator, and a
 * client that signs in, reads the user and signs out through `createNodeFetch`.
 */
const appDir = inject("packedAppDir");
const root = join(import.meta.dirname, "..", "..");

it("a jest 29 + jsdom 20 suite of an app: docs/testing.md's jest section against the emulator, the provider and the testing kit", async () => {
  const dir = join(appDir, "jest-app");
  cpSync(join(import.meta.dirname, "jest-app"), dir, { recursive: true });
  const docFiles = docFilesOf("docs/testing.md", readFileSync(join(root, "docs", "testing.md"), "utf8"));
  expect(docFiles.map((file) => file.path)).toContain("session.test.cjs");
  for (const file of docFiles) writeFileSync(join(dir, file.path), file.text);
  const jest = await promisify(execFile)(
    process.execPath,
    [join(appDir, "node_modules", "jest", "bin", "jest.js"), "--ci", "--config", "jest.config.cjs"],
    { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_ENV: "test" } },
  ).catch((failed: { stdout: string; stderr: string; code: number }) => failed);
  expect(jest.stderr).toMatch(/Tests: +6 passed, 6 total/);
});
