/**
 * The CPU time a process and its descendants have used so far, from Linux's `/proc`: each thread's time on a CPU
 * from `/proc/<pid>/task/<tid>/schedstat` (nanoseconds), else user + system from `/proc/<pid>/stat` (clock ticks of
 * 10 ms, too coarse for a few requests); undefined elsewhere. For a bench that reads a server's CPU per request from
 * the difference of two reads (a server's threads live as long as it does, so none of their time is lost).
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The parent pid and the user + system milliseconds of one process, or undefined when it is gone. */
function statOf(pid: string): { parent: string; ms: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command name, which may hold spaces and parentheses
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { parent: fields[1]!, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** Milliseconds on a CPU of every thread of `pid` (schedstat, nanoseconds), or undefined without schedstat. */
function threadsCpuMs(pid: string): number | undefined {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** The process ids of `pid` and its descendants, as they are now. */
function processTree(pid: number): string[] {
  const stats = new Map<string, { parent: string; ms: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(entry);
    if (stat) stats.set(entry, stat);
  }
  const tree = new Set([String(pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, { parent }] of stats) {
      if (!tree.has(child) && tree.has(parent)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  return [...tree];
}

/**
 * A reader of the CPU milliseconds `pid` and its descendants (the ones there are now: a server's processes are
 * found once, so a read costs a few file reads) have used so far; undefined without `/proc`.
 */
export function processTreeCpuReader(pid: number): (() => number) | undefined {
  if (process.platform !== "linux") return undefined;
  const tree = processTree(pid);
  return () => tree.reduce((sum, id) => sum + (threadsCpuMs(id) ?? statOf(id)?.ms ?? 0), 0);
}
