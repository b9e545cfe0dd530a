import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { USAGE } from "../../../src/emulator/cli-flags.js";

/** One flag as a table row: its label (`--port N`) and what it does. */
type Row = [label: string, text: string];

/** The flags of `--help`: a line per flag (`  --port N   text`), its text continued on indented lines. */
function helpRows(usage: string): Row[] {
  const rows: Row[] = [];
  for (const line of usage.split("\n")) {
    const flag = /^ {2}(--\S+(?: [A-Z]+)?) +(\S.*)$/.exec(line);
    if (flag) rows.push([flag[1]!, flag[2]!]);
    else if (/^ {10,}\S/.test(line) && rows.length > 0) rows[rows.length - 1]![1] += ` ${line.trim()}`;
  }
  return rows;
}

/** The rows of docs/emulator.md's flags table (`| \`--port N\` | text |`), code spans read as plain text. */
function docRows(markdown: string): Row[] {
  return [...markdown.matchAll(/^\| `(--[^`]+)` \| (.+) \|$/gm)].map((m): Row => [m[1]!, m[2]!.replaceAll("`", "")]);
}

describe("the emulator's flags", () => {
  const docs = readFileSync(join(repoRoot, "docs", "emulator.md"), "utf8");

  it("reads every flag of --help (the parser is not fooled by wrapped lines)", () => {
    const labels = helpRows(USAGE).map(([label]) => label);
    expect(labels).toEqual(expect.arrayContaining(["--port N", "--api-key KEY", "--version", "--help"]));
    expect(helpRows(USAGE).find(([label]) => label === "--api-key KEY")?.[1]).toMatch(/no spaces$/);
  });

  it("docs/emulator.md's table lists the flags of --help, in its order, with its words", () => {
    expect(docRows(docs)).toEqual(helpRows(USAGE));
  });
});
