/** `npm run demo` stops when its launcher (npm, its shell) is killed, not only on Ctrl-C to the process group. */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { repoRoot } from "../../../scripts/lib/repo-root.js";

const fixture = join(repoRoot, "test", "unit", "demo", "fixtures", "lifetime-child.ts");
const groups: number[] = [];

afterEach(() => {
  // each launch is its own process group: kill whatever of it is left
  for (const group of groups.splice(0)) {
    try {
      process.kill(-group, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** `sh -c "node child; true"` in its own process group (so sh stays the child's parent, like npm's shell). */
async function launch(): Promise<{ shell: ChildProcess; childPid: number; output: () => string }> {
  const shell = spawn("sh", ["-c", `"${process.execPath}" --import tsx "${fixture}"; true`], {
    cwd: repoRoot,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (shell.pid === undefined) throw new Error("sh did not start");
  groups.push(shell.pid);
  let output = "";
  shell.stdout?.on("data", (chunk) => (output += chunk));
  await waitFor(() => output.includes("]\n"));
  const childPid = Number(readFileSync(`/proc/${shell.pid}/task/${shell.pid}/children`, "utf8").trim().split(" ")[0]);
  return { shell, childPid, output: () => output };
}

async function waitFor(condition: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it.runIf(process.platform === "linux")("stops when the shell that started it is killed, and not before", async () => {
  const { shell, childPid, output } = await launch();
  const chain = JSON.parse(output().split("\n")[0] ?? "[]") as { pid: number; ppid: number }[];
  expect(chain[0]?.pid).toBe(shell.pid);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(alive(childPid)).toBe(true);
  shell.kill("SIGKILL");
  await once(shell, "exit");
  await waitFor(() => !alive(childPid), 60_000);
});

it.runIf(process.platform === "linux")("stops on SIGTERM", async () => {
  const { shell, childPid, output } = await launch();
  process.kill(childPid, "SIGTERM");
  await once(shell, "close");
  expect(output()).toContain("stopped");
});
