/**
 * The CPU time (user + system) a process and its descendants have used so far, from Linux's `/proc` (clock ticks of
 * 10 ms); undefined elsewhere. For a bench that reads a server's CPU per request from the difference of two reads.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The parent pid and the user + system ticks of one process, or undefined when it is gone. */
function statOf(pid: string): { parent: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the fields after the command name, which may hold spaces and parentheses
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { parent: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** Milliseconds of CPU `pid` and its descendants have used, or undefined without `/proc`. */
export function processTreeCpuMs(pid: number): number | undefined {
  if (process.platform !== "linux") return undefined;
  const stats = new Map<string, { parent: string; ticks: number }>();
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
  const ticks = [...tree].reduce((sum, id) => sum + (stats.get(id)?.ticks ?? 0), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
