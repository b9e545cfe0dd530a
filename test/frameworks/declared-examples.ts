/**
 * Every folder of examples/ as a team gets it: copied out of the clone, its package.json's dependencies installed
 * from the npm cache with the packed tarball as `orgauth` (scripts/lib/packed-app.ts `installDeclared`), then its
 * own `npm run build`. A folder added to examples/ is built here without a list to extend.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { installDeclared } from "../../scripts/lib/packed-app.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { copyExample } from "./example-apps.js";

/** One example's build: where it was installed and built, and what its build printed, or why it failed. */
export interface ExampleBuild {
  dir: string;
  output: string;
  error?: string;
}

/** The folders of examples/. */
export function exampleNames(): string[] {
  return readdirSync(join(repoRoot, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** `npm run build` in `cwd` (without the NODE_ENV=test vitest sets); its output, or a rejection carrying it. */
function npmBuild(cwd: string, env: Record<string, string>): Promise<string> {
  const { NODE_ENV: _testMode, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "build"], { cwd, env: { ...inherited, ...env }, stdio: "pipe" });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(output))));
  });
}

/**
 * Copies each example into `parent` (a folder outside the clone, with no node_modules above it), installs what it
 * declares and runs its build with `env`, all at once. A failure is the example's `error`, not a rejection.
 * `installed` hears of each example whose install succeeded (its name and folder), before its build.
 */
export async function buildDeclaredExamples(
  parent: string,
  tarball: string,
  env: Record<string, string>,
  installed: (name: string, dir: string) => void = () => undefined,
): Promise<Record<string, ExampleBuild>> {
  const builds = await Promise.all(
    exampleNames().map(async (name): Promise<[string, ExampleBuild]> => {
      const dir = copyExample(name, parent);
      try {
        await installDeclared(dir, tarball);
        installed(name, dir);
        return [name, { dir, output: await npmBuild(dir, env) }];
      } catch (error) {
        return [name, { dir, output: "", error: (error as Error).message }];
      }
    }),
  );
  return Object.fromEntries(builds);
}
