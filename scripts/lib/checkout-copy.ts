import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "./repo-root.js";

/**
 * Copies into `destination` the files a clone of this checkout would have (tracked, and new ones git does not ignore)
 * that `keep` accepts, with `node_modules` a symlink to this checkout's; returns how many files it copied.
 */
export function copyCheckout(destination: string, keep: (file: string) => boolean): number {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString()
    .split("\0")
    .filter((file) => file !== "" && keep(file) && existsSync(join(repoRoot, file)));
  for (const file of files) {
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(destination, file));
  }
  symlinkSync(join(repoRoot, "node_modules"), join(destination, "node_modules"));
  return files.length;
}
