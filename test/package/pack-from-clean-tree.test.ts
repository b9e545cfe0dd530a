/**
 * `npm pack` in a fresh clone, where nothing has built `dist/` yet: `prepack` must build it, or the tarball holds no
 * code. The clone is the repository's files as git would hand them out (tracked, plus new files not ignored), copied
 * without `dist/`; its node_modules is a symlink to this one's, since `npm ci` there would take minutes.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/prism.js";

const work = mkdtempSync(join(tmpdir(), "orgauth-clean-clone-"));
const clone = join(work, "orgauth");
/** The paths inside the tarball, relative to its `package/` folder. */
let packed: string[] = [];
let builtBeforePack = true;

/** The files a clone of the working tree would have: tracked, and new ones git does not ignore. */
function cloneFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: repoRoot })
    .toString()
    .split("\0")
    .filter((file) => file !== "" && existsSync(join(repoRoot, file)));
}

/** Every file package.json points a consumer at: main, module, types and each export condition's target. */
function promisedFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(clone, "package.json"), "utf8")) as Record<string, unknown>;
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
    else if (value && typeof value === "object") Object.values(value).forEach((inner) => collect(inner));
  };
  collect([manifest.main, manifest.module, manifest.types, manifest.exports]);
  return [...new Set(targets)];
}

beforeAll(() => {
  for (const file of cloneFiles()) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(clone, file));
  }
  symlinkSync(join(repoRoot, "node_modules"), join(clone, "node_modules"));
  builtBeforePack = existsSync(join(clone, "dist"));
  // The build's own output goes to the same stdout, so the tarball is listed with tar rather than read from --json.
  execFileSync("npm", ["pack", "--pack-destination", work], { cwd: clone, stdio: "pipe" });
  const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  packed = execFileSync("tar", ["-tzf", join(work, tarball)])
    .toString()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.replace(/^package\//, ""));
}, 240_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm pack in a fresh clone", () => {
  it("starts from a tree without dist/", () => {
    expect(builtBeforePack).toBe(false);
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
