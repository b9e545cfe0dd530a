/**
 * docs/testing.md's backend test sample (a route of the app's own API and its test) is the files
 * test/emulator/projects-route.ts and projects-route.test.ts, word for word: those are type-checked with the suite
 * and run in the emulator project, so the sample compiles and works as written. Each block is found by the marker
 * comment that names its file.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const doc = readFileSync(join(root, "docs", "testing.md"), "utf8");

/** The fenced code block right after `<!-- testing-sample NAME -->`, or null. */
function sampleBlock(name: string): string | null {
  const at = doc.indexOf(`<!-- testing-sample ${name} -->`);
  if (at < 0) return null;
  return /^```ts\n([\s\S]*?)^```$/m.exec(doc.slice(at))?.[1] ?? null;
}

it.each(["projects-route.ts", "projects-route.test.ts"])("docs/testing.md's %s is the running test file", (name) => {
  const block = sampleBlock(name);
  expect(block, `docs/testing.md has no block after the testing-sample marker of ${name}`).not.toBeNull();
  expect(block).toBe(readFileSync(join(root, "test", "emulator", name), "utf8"));
});
