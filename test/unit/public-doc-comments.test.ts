/** Comments (and test names) describe behaviour, never the project's own documents outside the repository. */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const INTERNAL_REFERENCE = /§\s*\d|\bspecification\b|\bissue (item )?\d|provider-api\.md|design-card|codegen-lessons/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourceFiles(path);
    return /\.(ts|tsx|cjs|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` of every line that matches `select` and names an internal document. */
function offenders(dir: string, select: RegExp, skip: (file: string) => boolean = () => false): string[] {
  return sourceFiles(join(ROOT, dir))
    .filter((file) => !skip(file))
    .flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line, where: `${relative(ROOT, file)}:${index + 1}` }))
        .filter(({ line }) => select.test(line) && INTERNAL_REFERENCE.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
}

const COMMENT = /^\s*(\/\/|\/?\*)/;
const COMMENT_OR_TEST_NAME = /^\s*(\/\/|\/?\*)|\b(it|describe|test)(\.each\([^)]*\))?\(\s*["'`]|^\s*["'`].*["'`],\s*$/;

describe("comments stand on their own", () => {
  it("the shipped sources speak of no section, specification or issue in their comments", () => {
    expect(offenders("src", COMMENT)).toEqual([]);
  });

  it.each(["scripts", "bench", "example"])("neither do the comments under %s/", (dir) => {
    expect(offenders(dir, COMMENT)).toEqual([]);
  });

  it("nor the tests' comments and names", () => {
    expect(offenders("test", COMMENT_OR_TEST_NAME, (file) => file === import.meta.filename)).toEqual([]);
  });
});
