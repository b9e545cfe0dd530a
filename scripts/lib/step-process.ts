import { spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./repo-root.js";
import type { Step } from "./test-stages.js";

/** How one step of `npm test` ended: its output (when kept), wall and CPU seconds (CPU undefined where unknown). */
export interface StepResult {
  ok: boolean;
  output: string;
  wallSeconds: number;
  cpuSeconds: number | undefined;
}

/** Where a step's output goes: `live` to this terminal as it comes (quiet steps excepted), else kept for later. */
export interface StepOptions {
  live: boolean;
  vitestArgs: string[];
  signal: AbortSignal;
}

const cpuTime = join(repoRoot, "scripts", "lib", "cpu-time.cjs");

/**
 * Runs one step in its own process group (through cpu-time.cjs, which reports its CPU time); an abort ends the
 * whole group, the servers and browsers the step started included.
 */
export function runStep(step: Step, { live, vitestArgs, signal }: StepOptions): Promise<StepResult> {
  const started = Date.now();
  const args = step.vitest ? [...step.args, ...vitestArgs] : step.args;
  const shown = live && !step.quiet;
  const env = !shown && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env;
  const child = spawn(process.execPath, [cpuTime, step.command, ...args], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", shown ? "inherit" : "pipe", shown ? "inherit" : "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  let cpu = "";
  child.stdio[3]?.on("data", (chunk: Buffer) => {
    cpu += chunk.toString();
  });
  const stop = (): void => {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // the group has already gone
      }
    }
  };
  signal.addEventListener("abort", stop, { once: true });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      signal.removeEventListener("abort", stop);
      resolve({
        ok: code === 0,
        output: Buffer.concat(chunks).toString(),
        wallSeconds: (Date.now() - started) / 1000,
        cpuSeconds: cpu === "" ? undefined : Number(cpu),
      });
    });
  });
}
