/** The examples install orgauth as a reader of docs/nextjs.md and docs/vite.md does: the tarball `npm pack` writes. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";

describe("the examples' package.json", () => {
  it.each(["nextjs", "vite"])("%s installs the tarball npm pack writes in the repository root", (name) => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "examples", name, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies.orgauth).toBe(`file:../../${inject("tarballName")}`);
  });
});
