import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import * as z from "zod";

/**
 * package.json accepts zod from a floor (`^4.x.y`); the devDependency `zod-floor` is that exact release, and the
 * `zod-floor` project runs the contract tests on it (this file too, so it can tell which zod it got).
 */
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const require = createRequire(import.meta.url);

describe("the zod range", () => {
  it("is a caret range whose floor is the release the zod-floor devDependency installs", () => {
    const range = manifest.dependencies.zod!;
    expect(range).toMatch(/^\^4\.\d+\.\d+$/);
    expect(manifest.devDependencies["zod-floor"]).toBe(`npm:zod@${range.slice(1)}`);
    expect((require("zod-floor/package.json") as { version: string }).version).toBe(range.slice(1));
  });

  it("is the zod this project's tests import: the floor under zod-floor, the installed release elsewhere", ({
    task,
  }) => {
    const { major, minor, patch } = z.core.version;
    const expected = task.file.projectName === "zod-floor" ? "zod-floor/package.json" : "zod/package.json";
    expect(`${major}.${minor}.${patch}`).toBe((require(expected) as { version: string }).version);
  });
});
