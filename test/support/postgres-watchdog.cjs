// Started beside a throwaway PostgreSQL server (argv: server pid, cluster directory). If the process that started
// both dies without stopping the server, this stops it (fast shutdown) and removes the directory.
const { rmSync } = require("node:fs");
const [serverPid, directory] = process.argv.slice(2).map(String);
const parent = process.ppid;

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

setInterval(() => {
  if (process.ppid === parent) return;
  const pid = Number(serverPid);
  if (running(pid)) process.kill(pid, "SIGINT");
  const started = Date.now();
  const wait = setInterval(() => {
    if (running(pid) && Date.now() - started < 15_000) return;
    clearInterval(wait);
    if (running(pid)) process.kill(pid, "SIGKILL");
    rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  }, 100);
}, 500);
