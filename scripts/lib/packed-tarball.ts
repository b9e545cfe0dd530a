import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packCleanClone } from "./clean-clone-pack.js";
import { repoRoot } from "./repo-root.js";

/**
 * The package built (tsup) and packed (`npm pack`) once per state of the tree: the build takes about 20 s of CPU,
 * and the package, frameworks and size checks each need it. In a git checkout it is packed as in a fresh clone
 * (scripts/lib/clean-clone-pack.ts: `prepack` builds), which the package stage's clean-tree test checks. The tarball
 * is kept in node_modules/.cache under a hash of every file of the checkout git does not ignore (path and content),
 * so any edit builds anew; `dist/` is the same build's output, so the steps that read it (the API report) see what
 * the tarball holds.
 */
/**
 * Named after the checkout's path too: work trees that share one node_modules (a symlink) keep one build each instead
 * of removing each other's.
 */
const CACHE = join(
  repoRoot,
  "node_modules",
  ".cache",
  `orgauth-pack-${createHash("sha256").update(repoRoot).digest("hex").slice(0, 8)}`,
);
/** The tree key the current `dist/` was built from. */
const DIST_KEY = join(CACHE, "dist-key");

/** A hash of every non-ignored file of the checkout (undefined outside a git checkout: then nothing is cached). */
function treeKey(): string | undefined {
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    })
      .toString()
      .split("\0")
      .filter(Boolean)
      .sort();
  } catch {
    return undefined;
  }
  const hash = createHash("sha256");
  for (const file of files) {
    const path = join(repoRoot, file);
    if (!existsSync(path)) continue; // tracked but deleted in the work tree
    hash.update(file).update("\0").update(readFileSync(path)).update("\0");
  }
  return hash.digest("hex").slice(0, 24);
}

/** Builds `dist/` and packs it into `destination`; the tarball's path. */
function buildAndPack(destination: string): string {
  execFileSync(join(repoRoot, "node_modules", ".bin", "tsup"), [], { cwd: repoRoot, stdio: "pipe" });
  return packDist(destination);
}

/** Packs whatever `dist/` holds into `destination` (no build); the tarball's path. */
export function packDist(destination: string): string {
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "pipe"],
    }).toString(),
  ) as { filename: string }[];
  return join(destination, packed[0]!.filename);
}

/** The tarball of the current tree, built and packed now unless this tree's build is cached (and `dist/` is it). */
export function packedTarball(): string {
  const key = treeKey();
  if (!key) {
    mkdirSync(CACHE, { recursive: true });
    return buildAndPack(CACHE);
  }
  const dir = join(CACHE, key);
  const cached = existsSync(dir) ? readdirSync(dir).find((file) => file.endsWith(".tgz")) : undefined;
  const distIsThisBuild =
    existsSync(join(repoRoot, "dist")) && existsSync(DIST_KEY) && readFileSync(DIST_KEY, "utf8") === key;
  if (cached && distIsThisBuild) return join(dir, cached);
  // Older trees' tarballs go: one build is kept.
  rmSync(CACHE, { recursive: true, force: true });
  const building = `${dir}.partial`;
  mkdirSync(building, { recursive: true });
  const tarball = packCleanClone(building);
  renameSync(building, dir);
  writeFileSync(DIST_KEY, key);
  return join(dir, tarball.slice(building.length + 1));
}
