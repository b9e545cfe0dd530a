/**
 * docs/emulator.md's settings table names every setting of the settings schema (what a seed, `PATCH
 * /__emulator/settings` and `emulator.configure` accept) and no other, each with its default and what it does.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { seedJsonSchema } from "../../../src/emulator/seeds/seed-schema.js";

const doc = readFileSync(join(import.meta.dirname, "..", "..", "..", "docs", "emulator.md"), "utf8");

/** The rows of the table under "## Settings": name, default, description. */
function settingsRows(): string[][] {
  const section = doc.split(/^## /m).find((part) => part.startsWith("Settings\n")) ?? "";
  return section
    .split("\n")
    .filter((line) => /^\| `\w+` \|/.test(line))
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

it("documents every setting of the settings schema, and only those", () => {
  const schema = seedJsonSchema() as { properties: { settings: { properties: Record<string, unknown> } } };
  const settings = Object.keys(schema.properties.settings.properties);
  const rows = settingsRows();
  expect(rows.map(([name]) => name!.replaceAll("`", "")).sort()).toEqual([...settings].sort());
  expect(rows.filter((row) => row.length !== 3 || row.some((cell) => cell === ""))).toEqual([]);
});
