/**
 * A newcomer's way into the docs: docs/README.md links every guide, the API reference's front page
 * (docs/api-index.md) has a row for every entry package.json exports (one added later included), the README's
 * Quick start carries no timing history, its backend line offers orgauth/server, and troubleshooting explains the
 * signed-out page's 401.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";

const read = (path: string) => readFileSync(join(repoRoot, path), "utf8");
const { exports } = JSON.parse(read("package.json")) as { exports: Record<string, unknown> };

/** The package's entries as imported: `orgauth`, `orgauth/react`, … (no JSON files, no package.json). */
const entries = Object.keys(exports)
  .filter((key) => !key.endsWith(".json"))
  .map((key) => (key === "." ? "orgauth" : `orgauth/${key.slice(2)}`));

/** A section of markdown: from its heading to the next heading of any level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = markdown.slice(start + heading.length + 2);
  return rest.slice(0, rest.search(/^#/m) < 0 ? undefined : rest.search(/^#/m));
}

describe("the docs' front pages", () => {
  it("docs/README.md links every guide in docs/", () => {
    const index = read("docs/README.md");
    const guides = readdirSync(join(repoRoot, "docs")).filter((file) => file.endsWith(".md") && file !== "README.md");
    expect(guides.filter((guide) => !index.includes(`](${guide})`))).toEqual([]);
  });

  it("docs/api-index.md has a row for every entry of package.json's exports", () => {
    const rows = read("docs/api-index.md")
      .split("\n")
      .filter((line) => line.startsWith("| `orgauth"))
      .map((line) => /^\| `([^`]+)`/.exec(line)![1]);
    expect(entries.filter((entry) => !rows.includes(entry))).toEqual([]);
  });

  it("the README's Quick start has no timing history (CONTRIBUTING.md has it)", () => {
    const quickStart = section(read("README.md"), "## Quick start");
    expect(quickStart).not.toMatch(/\d+ s\b|\bminutes\b|\d{4}-\d{2}-\d{2}/);
    expect(read("CONTRIBUTING.md")).toMatch(/521, 559 and 563 s/);
  });

  it("the README offers orgauth/server to verify access tokens in the app's backend", () => {
    const line = read("README.md")
      .split("\n- ")
      .find((item) => item.startsWith("**Your backend** verifies"))
      ?.split("\n\n")[0];
    expect(line).toMatch(/`orgauth\/server`/);
  });

  it("troubleshooting explains the 401 of refresh_token a signed-out page logs", () => {
    expect(read("docs/troubleshooting.md")).toMatch(/^## A red "401" for `refresh_token`.*signed-out page$/m);
  });
});
