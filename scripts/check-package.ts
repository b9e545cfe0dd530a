import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { packedTarball } from "./lib/packed-tarball.js";
import { repoRoot } from "./lib/repo-root.js";

/**
 * `npm run check:package`: arethetypeswrong on the tarball this tree packs (built once per tree state, shared with
 * the package and frameworks tests: scripts/lib/packed-tarball.ts), then publint on the package.
 */
const bin = (name: string) => join(repoRoot, "node_modules", ".bin", name);
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: repoRoot, stdio: "inherit" });

try {
  run(bin("attw"), [packedTarball(), "--profile", "node16"]);
  run(bin("publint"), ["--strict"]);
} catch {
  process.exit(1);
}
