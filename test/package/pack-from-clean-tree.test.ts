/**
 * `npm pack` in a fresh clone, where nothing has built `dist/` yet: `prepack` must build it, or the tarball holds no
 * code. The run's one build is that pack (scripts/lib/clean-clone-pack.ts, through scripts/lib/packed-tarball.ts):
 * the repository's files as git would hand them out (tracked, plus new files not ignored), copied without `dist/`,
 * its node_modules a symlink to this one's, since `npm ci` there would take minutes. This file checks its tarball and
 * what the clone held before `npm pack` ran.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cleanCloneRecord } from "../../scripts/lib/clean-clone-pack.js";
import { packedTarball } from "../../scripts/lib/packed-tarball.js";

const tarball = packedTarball();
const record = cleanCloneRecord(tarball);
/** The paths inside the tarball, relative to its `package/` folder. */
const packed = execFileSync("tar", ["-tzf", tarball])
  .toString()
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => line.replace(/^package\//, ""));

/** Every file the packed package.json points a consumer at: main, module, types and each export condition's target. */
function promisedFiles(): string[] {
  const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"]).toString()) as Record<
    string,
    unknown
  >;
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (value && typeof value === "object") Object.values(value).forEach((inner) => collect(inner));
  };
  collect([manifest.main, manifest.module, manifest.types, manifest.exports]);
  return [...new Set(targets)];
}

describe("npm pack in a fresh clone", () => {
  it("starts from a tree without dist/", () => {
    expect(record).toMatchObject({ distBeforePack: false });
    expect(record!.files).toBeGreaterThan(100);
  });

  it("builds first (prepack), so the tarball holds every file package.json promises", () => {
    const files = new Set(packed);
    expect(promisedFiles().length).toBeGreaterThan(8);
    expect(promisedFiles().filter((file) => file !== "package.json" && !files.has(file))).toEqual([]);
  });

  it("ships the README, the licence and the contract beside the code", () => {
    expect(packed).toEqual(expect.arrayContaining(["README.md", "LICENSE", "package.json", "openapi/auth-api.yaml"]));
  });
});
