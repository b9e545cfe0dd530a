// `node cpu-time.cjs <command> [args…]`: runs the command to its end with this process's stdio, then writes the CPU
// seconds (user + system) it and every process under it used to file descriptor 3, and exits with its status.
// scripts/test.ts runs each step through it, so a stage's CPU time is its own even while other stages run beside it.
// Linux's cutime and cstime of /proc/self/stat (100 ticks a second); nothing is written where there is no /proc.
const { spawnSync } = require("node:child_process");
const { readFileSync, writeSync } = require("node:fs");

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: "inherit" });
try {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // after "pid (name) ": field 3 (state) is index 0, so cutime (field 16) and cstime (field 17) are 13 and 14
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  writeSync(3, String((Number(fields[13]) + Number(fields[14])) / 100));
} catch {
  // no /proc: the step's CPU time is unknown
}
if (result.error) console.error(result.error.message);
process.exit(result.status ?? 1);
