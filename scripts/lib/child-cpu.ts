import { readFileSync } from "node:fs";

/**
 * CPU seconds (user + system) used so far by this process's finished children and theirs (Linux's cutime and cstime
 * in /proc/self/stat, 100 ticks a second); undefined where there is no /proc. On a machine shared with other jobs the
 * wall time of a stage swings with the load, its CPU time much less: `npm test` prints both.
 */
export function childCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // after "pid (name) ": field 3 (state) is index 0, so cutime (field 16) and cstime (field 17) are 13 and 14
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
