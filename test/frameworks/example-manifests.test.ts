/**
 * The examples install orgauth as a reader of docs/nextjs.md and docs/vite.md does: the tarball `npm pack` writes.
 * Each builds from a copy outside the clone with only what its package.json declares (frameworks-setup.ts).
 */
import { lstatSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { exampleNames } from "./declared-examples.js";

describe("the examples' package.json", () => {
  it.each(exampleNames())("%s installs the tarball npm pack writes in the repository root", (name) => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "examples", name, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies.orgauth).toBe(`file:../../${inject("tarballName")}`);
  });

  it.each(exampleNames())("%s builds from a copy outside the clone with only the dependencies it declares", (name) => {
    const build = inject("exampleBuilds")[name];
    expect(build, `examples/${name} was not built`).toBeDefined();
    expect(build?.error, `examples/${name}: npm install from its package.json, then npm run build`).toBeUndefined();
    expect(relative(repoRoot, build!.dir)).toMatch(/^\.\./);
    expect(lstatSync(join(build!.dir, "node_modules", "orgauth")).isSymbolicLink()).toBe(false);
  });
});
