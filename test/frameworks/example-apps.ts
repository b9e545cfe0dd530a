/**
 * The framework examples (examples/nextjs, examples/vite) as a team runs them: copied into a throwaway app that
 * installed the packed tarball, built once (`next build`; `tsc` + `vite build`), then served on 127.0.0.1 by
 * `next start` and `vite preview`. The servers exit with the process that started them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { saysItListens } from "../../scripts/lib/listening-notice.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/**
 * The environment of the builds and servers: this process's, without the NODE_ENV=test vitest sets (with it, Vite
 * bundles React's development build and Next.js warns of a non-standard NODE_ENV).
 */
function toolEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _testMode, ...inherited } = process.env;
  return { ...inherited, ...extra };
}

/** A command's combined output; rejects with it when the command fails. */
export function runIn(cwd: string, command: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd, env: toolEnv(env), stdio: "pipe" });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command.join(" ")} failed (${code}):\n${output}`)),
    );
  });
}

/** Copies an example into the app (as `folder`, default its name), without anything a local install or build left. */
export function copyExample(name: string, appDir: string, folder = name): string {
  const target = join(appDir, folder);
  const skipped = /[\\/](node_modules|\.next|dist)$/;
  cpSync(join(repoRoot, "examples", name), target, { recursive: true, filter: (source) => !skipped.test(source) });
  return target;
}

/** A server started from an example; `stop` ends it. */
export interface ExampleServer {
  url: string;
  /** The server's process id (a bench reads its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a long-running command (exiting with this process) and waits until `url` answers over HTTP and the command
 * has printed `url` (Next.js, Vite and the examples print where they listen once they do): an answer alone may come
 * from another process of the machine that bound the port after `freePort` handed it out (the command then exits on
 * EADDRINUSE, and the failure says so instead of the tests talking to that other server).
 */
export async function serve(cwd: string, command: string[], url: string, env: Record<string, string> = {}) {
  const exitWithParent = join(repoRoot, "scripts", "lib", "exit-with-parent.cjs");
  const child: ChildProcess = spawn(process.execPath, ["--require", exitWithParent, ...command], {
    cwd,
    env: toolEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited:\n${output}`);
    const answered = await fetch(url, { redirect: "manual" }).then(
      () => true,
      () => false,
    );
    if (answered && saysItListens(output, url)) break;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  } satisfies ExampleServer;
}
