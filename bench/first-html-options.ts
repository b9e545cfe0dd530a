/**
 * The knobs of `npm run bench -- first-html` (bench/first-html.ts), from the environment: how many rounds, an
 * earlier orgauth to compare with in the same run (before → after of a change), orgauth from a tarball already
 * built, and CPU profiles of the servers.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

/** What the environment asks of one first-html run. */
export interface FirstHtmlOptions {
  /** Alternating rounds (`FIRST_HTML_ROUNDS`, default 24: the least for a figure). */
  rounds: number;
  /** An earlier orgauth's packed tarball (`FIRST_HTML_BASELINE`), run as a third contender with the same app. */
  baselineTarball: string | undefined;
  /** orgauth's packed tarball (`FIRST_HTML_TARBALL`) instead of this tree's build (which then is not built). */
  tarball: string | undefined;
  /** A folder for each server's `node --cpu-prof` profile (`FIRST_HTML_CPU_PROF`), written when it stops. */
  cpuProfileDir: string | undefined;
}

/** The options of this run; throws for a value that cannot work. */
export function firstHtmlOptions(env: NodeJS.ProcessEnv = process.env): FirstHtmlOptions {
  const rounds = Number(env.FIRST_HTML_ROUNDS ?? 24);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`FIRST_HTML_ROUNDS must be a whole number ≥ 1`);
  const baselineTarball = env.FIRST_HTML_BASELINE ? resolve(env.FIRST_HTML_BASELINE) : undefined;
  const tarball = env.FIRST_HTML_TARBALL ? resolve(env.FIRST_HTML_TARBALL) : undefined;
  for (const [name, path] of [
    ["FIRST_HTML_BASELINE", baselineTarball],
    ["FIRST_HTML_TARBALL", tarball],
  ]) {
    if (path && !existsSync(path)) throw new Error(`${name}: no ${path}`);
  }
  const cpuProfileDir = env.FIRST_HTML_CPU_PROF ? resolve(env.FIRST_HTML_CPU_PROF) : undefined;
  return { rounds, baselineTarball, tarball, cpuProfileDir };
}

/**
 * Installs a packed orgauth into `appDir`'s own node_modules, so that app resolves it before the packed app's
 * (everything else still comes from the packed app's node_modules above it).
 */
export function installTarballInto(appDir: string, tarball: string): void {
  const installed = join(appDir, "node_modules", "orgauth");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
}

/** Node's options that make a server write its CPU profile into `dir/name` when it exits (none without `dir`). */
export function cpuProfileArgs(dir: string | undefined, name: string): string[] {
  if (!dir) return [];
  const folder = join(dir, name.replace(/[^a-z0-9-]+/gi, "-"));
  mkdirSync(folder, { recursive: true });
  return ["--cpu-prof", `--cpu-prof-dir=${folder}`];
}
