/**
 * The README's emulator test sample is the file test/emulator/readme-sample.test.ts, word for word: that file is
 * type-checked with the suite (`tsc -p tsconfig.json`) and runs in the emulator project, so the sample compiles and
 * works as written. The block is found by its marker comment, wherever the README moves it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const MARKER = "<!-- emulator-test-sample";

/** The fenced code block right after the marker comment, or null. */
function sampleBlock(markdown: string): string | null {
  const at = markdown.indexOf(MARKER);
  if (at < 0) return null;
  const found = /^```ts\n([\s\S]*?)^```$/m.exec(markdown.slice(at));
  return found?.[1] ?? null;
}

it("the README's emulator test sample is the type-checked, running test file", () => {
  const block = sampleBlock(readFileSync(join(root, "README.md"), "utf8"));
  expect(block, "README.md has no block after the emulator-test-sample marker").not.toBeNull();
  expect(block).toBe(readFileSync(join(root, "test", "emulator", "readme-sample.test.ts"), "utf8"));
});
