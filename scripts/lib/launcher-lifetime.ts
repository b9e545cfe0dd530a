/**
 * How long a long-running npm script (`npm run demo`, `npm run mock`) lives. `npm run x` is a chain of
 * launchers: npm → sh -c → the tsx CLI → the script's process. Ctrl-C signals the whole process group, but a
 * SIGTERM or SIGKILL to npm alone kills npm (and the shell) and leaves the rest running, reparented. So besides
 * the signals, the script watches its launchers and stops when one of them is gone.
 *
 * The launchers are the ancestors in this process's own process group (the job the shell started: npm, sh,
 * tsx), plus the direct parent whatever its group. On Linux they are read from /proc; elsewhere only the
 * direct parent is watched.
 */
import { readFileSync } from "node:fs";

/** One link of the launcher chain: `pid` had `ppid` as its parent when the demo started. */
interface Link {
  pid: number;
  ppid: number;
}

/** Parent and process group of `pid` from /proc, or null when it is gone (or there is no /proc). */
function procStat(pid: number): { ppid: number; pgid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp …": comm may contain spaces and parentheses, so split after the last ")".
    const [, ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(ppid), pgid: Number(pgid) };
  } catch {
    return null;
  }
}

/** The launcher chain above this process, nearest first. */
export function launcherChain(): Link[] {
  const own = procStat(process.pid);
  const chain: Link[] = [];
  let pid = process.ppid;
  while (pid > 1) {
    const stat = procStat(pid);
    if (stat === null) break;
    if (chain.length > 0 && stat.pgid !== own?.pgid) break;
    chain.push({ pid, ppid: stat.ppid });
    if (own === null) break;
    pid = stat.ppid;
  }
  return chain;
}

/** True while every launcher still runs under the parent it had at start. */
function launchersAlive(chain: readonly Link[], parent: number): boolean {
  if (process.ppid !== parent) return false;
  return chain.every((link) => procStat(link.pid)?.ppid === link.ppid);
}

/**
 * Calls `stop` once: on SIGINT, SIGTERM or SIGHUP, or when a launcher (npm, its shell, tsx) is gone.
 * `stop` should end the process; if it has not within `forceAfterMs`, the process exits anyway.
 */
export function stopWithLaunchers(
  stop: () => Promise<void>,
  options: { forceAfterMs?: number; pollMs?: number } = {},
): void {
  const parent = process.ppid;
  const chain = launcherChain();
  let stopping = false;
  const once = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    if (reason !== "SIGINT") console.log(`\nStopping (${reason}).`);
    setTimeout(() => process.exit(1), options.forceAfterMs ?? 5_000).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => once(signal));
  const watch = setInterval(() => {
    if (!launchersAlive(chain, parent)) once("the process that started it is gone");
  }, options.pollMs ?? 500);
  watch.unref();
}
