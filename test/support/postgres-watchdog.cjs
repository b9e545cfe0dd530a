// Started beside a throwaway PostgreSQL server (argv: the starting process's pid, the server's pid, the cluster
// directory). If the starting process dies without stopping the server, this stops it (fast shutdown, then a kill
// after 15 s) and removes the directory. The starter's pid comes in argv: by the time this process has booted, a
// starter killed early may already be gone, so process.ppid at start would not be it.
const { readFileSync, rmSync } = require("node:fs");
const [starter, server] = process.argv.slice(2, 4).map(Number);
const directory = process.argv[4];

/** True while `pid` runs (a zombie, exited but not yet reaped, counts as gone). */
function running(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return true;
  }
}

const watch = setInterval(() => {
  if (process.ppid === starter) return;
  clearInterval(watch);
  if (running(server)) process.kill(server, "SIGINT");
  const started = Date.now();
  const wait = setInterval(() => {
    if (running(server) && Date.now() - started < 15_000) return;
    clearInterval(wait);
    if (running(server)) process.kill(server, "SIGKILL");
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }, 100);
}, 500);
