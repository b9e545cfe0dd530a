/** The unit stage's Node 22 repeat leaves out files by name: each name must be a unit test file of the tree. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { SAME_ON_EVERY_RELEASE } from "../support/node-repeat.js";

it("names only unit test files that exist, each once", () => {
  const missing = SAME_ON_EVERY_RELEASE.filter((file) => !existsSync(join(repoRoot, file)));
  expect(missing).toEqual([]);
  expect(SAME_ON_EVERY_RELEASE.every((file) => /^test\/unit\/.+\.test\.ts$/.test(file))).toBe(true);
  expect(new Set(SAME_ON_EVERY_RELEASE).size).toBe(SAME_ON_EVERY_RELEASE.length);
});
