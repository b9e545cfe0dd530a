/** Doc comments of the shipped sources describe behaviour to the user, never the project's own documents. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "..", "src");
const INTERNAL_REFERENCE = /§\s*\d|\bspecification\b|\bissue (item )?\d/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("shipped sources", () => {
  it("speak of no section, specification or issue in their comments", () => {
    const offenders = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, where: `${file.slice(SRC.length + 1)}:${index + 1}` }))
        .filter(({ line }) => /^\s*(\/\/|\/?\*)/.test(line) && INTERNAL_REFERENCE.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
