import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "./repo-root.js";
import { saysItListens } from "./listening-notice.js";
import { readFileSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A running Prism mock of the contract. */
export interface PrismServer {
  url: string;
  stop(): Promise<void>;
}

/** The ports this process has handed out: each is free until its server binds it, so none is handed out twice. */
const handedOut = new Set<number>();

/** A port the kernel gives for 127.0.0.1, whether or not this process has handed it out before. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A free TCP port on 127.0.0.1 that no earlier call in this process returned. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await kernelPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/**
 * Starts Prism (its own bin in this Node process, not npx, so one kill stops it) on the contract and waits until
 * it answers. Prism exits by itself when the process that started it dies.
 */
export async function startPrism(
  options: { port?: number /** Pass Prism's own log through to this process's stdout/stderr. */; log?: boolean } = {},
): Promise<PrismServer> {
  const port = options.port ?? (await freePort());
  const bin = realpathSync(join(repoRoot, "node_modules", ".bin", "prism"));
  const watchdog = join(repoRoot, "scripts", "lib", "exit-with-parent.cjs");
  const contract = join(repoRoot, "openapi", "auth-api.yaml");
  const child = spawn(
    process.execPath,
    ["--require", watchdog, bin, "mock", "-h", "127.0.0.1", "-p", String(port), contract],
    { stdio: "pipe" },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  if (options.log) {
    child.stdout.pipe(process.stdout);
    child.stderr.pipe(process.stderr);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, url, () => output);
  return { url, stop: () => stopProcess(child) };
}

/** Prism's start budget: 30 s of its own CPU time where Linux's /proc tells it, else 30 s of wall time. */
const START_BUDGET_SECONDS = 30;

/** The CPU seconds (user + system) process `pid` has used, from /proc; undefined where there is no /proc. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after "pid (name) ": field 3 (state) is index 0, so utime (field 14) and stime (field 15) are 11 and 12
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Waits until Prism answers at `url` and has said it listens there, failing with its output when it exits or has
 * spent its start budget: its own CPU time, so a machine busy with other builds (where 30 s of wall time may give it
 * only a few seconds of CPU) does not fail the start, and a Prism that spins without answering still does. An answer
 * alone is not enough: another process of the machine may have bound the port between `freePort` and Prism's start
 * (then Prism exits on EADDRINUSE, and the answer came from that other server).
 */
export async function waitUntilReady(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const started = Date.now();
  const spent = () => cpuSecondsOf(child.pid) ?? (Date.now() - started) / 1000;
  while (spent() < START_BUDGET_SECONDS) {
    if (child.exitCode !== null) throw new Error(`Prism exited early (${child.exitCode}):\n${output()}`);
    try {
      await fetch(`${url}/api/fe/v3/login_state`, { headers: { "X-CSRF-Token": "-.-" } });
      if (saysItListens(output(), `Prism is listening on ${url}`)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill("SIGKILL");
  throw new Error(`Prism did not start within ${START_BUDGET_SECONDS} s of CPU time:\n${output()}`);
}

/** Stops a child process, escalating to SIGKILL when it does not exit in time. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 3_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
