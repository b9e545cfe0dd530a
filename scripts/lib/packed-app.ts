import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { promisify } from "node:util";
import { packDist, packedTarball } from "./packed-tarball.js";
import { repoRoot } from "./repo-root.js";

/**
 * The package as an app installs it: build, `npm pack`, then unpack the tarball into `node_modules/orgauth` of a
 * throwaway app directory. Dependencies and peers come from this repository's node_modules (one symlink per
 * entry), so nothing is downloaded; module resolution follows the symlinks to their real paths, as with an install.
 */
export interface PackedApp {
  /** The app directory (package.json with `"type": "module"`, node_modules). */
  dir: string;
  /** The tarball installed, in the app's parent directory. */
  tarball: string;
  /** Copies files or folders of this repository into the app (`to` relative to the app directory). */
  copy(from: string, to: string): void;
  /** Writes a file into the app (path relative to the app directory). */
  write(path: string, text: string): void;
  /** Deletes the app directory and the tarball beside it. */
  remove(): void;
}

/** Options of `createPackedApp`. */
export interface PackedAppOptions {
  /** Build the package first, once per state of the tree (default true); false packs whatever `dist/` holds. */
  build?: boolean;
}

/** Entries of this repository's node_modules the app does not link: the package itself and npm's own files. */
const NOT_LINKED = new Set(["orgauth", ".bin", ".cache", ".package-lock.json", ".vite", ".vitest"]);

/** Links the package's commands into `.bin` and makes them executable, as `npm install` does. */
function linkBins(installed: string, binDir: string): void {
  const { bin = {} } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
    bin?: Record<string, string>;
  };
  mkdirSync(binDir, { recursive: true });
  for (const [name, target] of Object.entries(bin)) {
    chmodSync(join(installed, target), 0o755);
    symlinkSync(join("..", "orgauth", target), join(binDir, name));
  }
}

/** Copies `file` into `dir`; the copy's path. */
function copyInto(dir: string, file: string): string {
  const copy = join(dir, basename(file));
  copyFileSync(file, copy);
  return copy;
}

/** Installs the package's tarball (this tree's, built once: scripts/lib/packed-tarball.ts) into a new throwaway app. */
export function createPackedApp(options: PackedAppOptions = {}): PackedApp {
  const workDir = mkdtempSync(join(tmpdir(), "orgauth-packed-"));
  // the tarball sits beside the app, as `npm pack --pack-destination` would leave it (the examples' manifests say so)
  const tarball = options.build === false ? packDist(workDir) : copyInto(workDir, packedTarball());
  const dir = join(workDir, "app");
  const installed = join(dir, "node_modules", "orgauth");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  for (const entry of readdirSync(join(repoRoot, "node_modules"))) {
    if (!NOT_LINKED.has(entry)) symlinkSync(join(repoRoot, "node_modules", entry), join(dir, "node_modules", entry));
  }
  linkBins(installed, join(dir, "node_modules", ".bin"));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "orgauth-consumer", private: true, type: "module" }, null, 2),
  );
  return {
    dir,
    tarball,
    copy: (from, to) => cpSync(join(repoRoot, from), join(dir, to), { recursive: true }),
    write(path, text) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    remove: () => rmSync(workDir, { recursive: true, force: true }),
  };
}

/** Where a package's manifest names this package: the tarball, relative to the app (as `npm install <tgz>` writes). */
function pointAtTarball(dir: string, tarball: string): void {
  const path = join(dir, "package.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as { dependencies?: Record<string, string> };
  if (manifest.dependencies?.orgauth === undefined) throw new Error(`${path} does not depend on orgauth`);
  manifest.dependencies.orgauth = `file:${relative(dir, tarball)}`;
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Installs what the app in `dir` declares in its own package.json, and nothing else, as `npm install` does in a
 * team's checkout: `orgauth` from `tarball`, every other package from the npm cache that `npm ci` filled
 * (`--prefer-offline`: no download when the cache has it), at the versions of this repository's lockfile, copied in
 * (npm drops every entry the app does not declare). Nothing links to this repository's node_modules, so a package the
 * app uses without declaring it fails the app's build. `dir` must have no node_modules above it (keep it outside the
 * clone). A few seconds per app. `startFrom`: an app installed the same way whose `node_modules` is copied first (its
 * packages are this lockfile's too), so npm only removes what this app does not declare and adds what it lacks (an
 * app declaring a subset of another's packages: about 2 s of CPU instead of 11 for Next.js's).
 */
export async function installDeclared(dir: string, tarball: string, startFrom?: string): Promise<void> {
  pointAtTarball(dir, tarball);
  copyFileSync(join(repoRoot, "package-lock.json"), join(dir, "package-lock.json"));
  if (startFrom !== undefined) await promisify(execFile)("cp", ["-a", join(startFrom, "node_modules"), dir]);
  const args = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
  await promisify(execFile)("npm", args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }).catch((error: Error) => {
    throw new Error(`npm install in ${dir} failed: ${error.message}`, { cause: error });
  });
  // npm leaves a scope's folder behind when it removes the scope's last package
  for (const entry of readdirSync(join(dir, "node_modules"))) {
    const path = join(dir, "node_modules", entry);
    if (entry.startsWith("@") && readdirSync(path).length === 0) rmSync(path, { recursive: true });
  }
}
