import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { copyCheckout } from "./checkout-copy.js";
import { repoRoot } from "./repo-root.js";

/**
 * `npm pack` as in a fresh clone, where nothing has built `dist/` yet: the checkout's files as git would hand them out
 * (tracked, plus new files not ignored) are copied without `dist/` into a temporary folder whose node_modules is a
 * symlink to this one's, and `npm pack` runs there, so `prepack` builds. The one build of a test run is this one:
 * test/package/pack-from-clean-tree.test.ts checks its tarball and its record, and the other checks use the same
 * tarball and `dist/`.
 */

/** What the clean clone held before `npm pack` ran, written beside the tarball as `CLEAN_CLONE_RECORD`. */
export interface CleanCloneRecord {
  /** Whether the clone had a `dist/` before `npm pack` (it must not: `prepack` builds it). */
  distBeforePack: boolean;
  /** How many files the clone was given. */
  files: number;
}

/** The record's file name, beside the tarball. */
const CLEAN_CLONE_RECORD = "clean-clone.json";

/**
 * Packs the checkout from a clean clone into `destination` (its `prepack` builds there), writes the record beside
 * the tarball and replaces this checkout's `dist/` with the clone's build; the tarball's path.
 */
export function packCleanClone(destination: string): string {
  const work = mkdtempSync(join(tmpdir(), "orgauth-clean-clone-"));
  try {
    const clone = join(work, "orgauth");
    const files = copyCheckout(clone, (file) => !/^dist(\/|$)/.test(file));
    const record: CleanCloneRecord = { distBeforePack: existsSync(join(clone, "dist")), files };
    // The build's own output goes to the same stdout, so the tarball is found on disk rather than read from --json.
    execFileSync("npm", ["pack", "--pack-destination", work], { cwd: clone, stdio: "pipe" });
    const tarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack wrote no tarball");
    mkdirSync(destination, { recursive: true });
    cpSync(join(work, tarball), join(destination, tarball));
    writeFileSync(join(destination, CLEAN_CLONE_RECORD), JSON.stringify(record));
    rmSync(join(repoRoot, "dist"), { recursive: true, force: true });
    if (existsSync(join(clone, "dist"))) cpSync(join(clone, "dist"), join(repoRoot, "dist"), { recursive: true });
    return join(destination, tarball);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The record written beside a tarball `packCleanClone` made; undefined beside any other tarball. */
export function cleanCloneRecord(tarball: string): CleanCloneRecord | undefined {
  const path = join(dirname(tarball), CLEAN_CLONE_RECORD);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as CleanCloneRecord) : undefined;
}
