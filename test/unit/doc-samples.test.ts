/**
 * Samples of the docs that are files of the emulator stage, word for word: those files are type-checked with the
 * suite (`tsc -p tsconfig.json`) and run in the emulator project, so each sample compiles and works as written.
 * A sample is the fenced block right after its marker comment, wherever the doc moves it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

/** [doc, marker, the test/emulator file it must equal]. */
const SAMPLES: [string, string, string][] = [
  ["docs/testing.md", "<!-- testing-sample projects-route.ts -->", "projects-route.ts"],
  ["docs/testing.md", "<!-- testing-sample projects-route.test.ts -->", "projects-route.test.ts"],
  ["README.md", "<!-- backend-client-sample -->", "backend-client-sample.ts"],
  ["docs/server.md", "<!-- backend-client-sample -->", "backend-client-sample.ts"],
  ["docs/server.md", "<!-- backend-pages-sample -->", "backend-pages-sample.ts"],
];

/** The fenced code block right after the marker comment, or null. */
function sampleBlock(markdown: string, marker: string): string | null {
  const at = markdown.indexOf(marker);
  if (at < 0) return null;
  return /^```ts\n([\s\S]*?)^```$/m.exec(markdown.slice(at))?.[1] ?? null;
}

it.each(SAMPLES)("%s's sample after %s is test/emulator/%s", (doc, marker, file) => {
  const block = sampleBlock(readFileSync(join(root, doc), "utf8"), marker);
  expect(block, `${doc} has no block after ${marker}`).not.toBeNull();
  expect(block).toBe(readFileSync(join(root, "test", "emulator", file), "utf8"));
});
