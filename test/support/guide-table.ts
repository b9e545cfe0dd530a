import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** docs/migrating-from-propelauth.md, read once per test file. */
const migrationGuide = readFileSync(join(repoRoot, "docs", "migrating-from-propelauth.md"), "utf8");

/** The body rows of the guide's table whose header row starts with `| <first> |`, as trimmed cells. */
export function guideTableRows(first: string): string[][] {
  const start = migrationGuide.indexOf(`| ${first} |`);
  expect(start, `the guide has a table headed ${first}`).toBeGreaterThan(-1);
  const lines = migrationGuide.slice(start).split("\n");
  const table = lines.slice(
    2,
    lines.findIndex((line) => !line.startsWith("|")),
  );
  return table.map((line) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}
