/**
 * The lint stage as a contributor meets it: CONTRIBUTING's table names every tool the stage runs, and knip's
 * configuration ignores no pattern that matches nothing in a fresh clone (knip prints "Remove from ignore" then).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { STAGES } from "../../scripts/lib/test-stages.js";

const ROOT = join(import.meta.dirname, "..", "..");

it("CONTRIBUTING's lint row names the tool of every step of the stage", () => {
  const row = readFileSync(join(ROOT, "CONTRIBUTING.md"), "utf8")
    .split("\n")
    .find((line) => line.startsWith("| `lint` |"));
  const tools = STAGES.find((stage) => stage.name === "lint")!.steps.map(
    (step) => /\(([^)]+)\)$/.exec(step.title)?.[1],
  );
  expect(tools).not.toContain(undefined);
  expect(tools.filter((tool) => !row?.includes(tool!))).toEqual([]);
});

it("knip ignores only patterns that match files of a fresh clone", () => {
  const config = readFileSync(join(ROOT, "knip.jsonc"), "utf8").replace(/^\s*\/\/.*$/gm, "");
  const { ignore = [] } = JSON.parse(config) as { ignore?: string[] };
  const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n");
  const empty = ignore.filter((pattern) => !tracked.some((file) => file.startsWith(pattern.replace(/\*.*$/, ""))));
  expect(empty).toEqual([]);
});
