import { readFileSync } from "node:fs";
import { startPrism } from "./lib/prism.js";

/**
 * `npm run mock [-- --port N]`: Prism serving the contract, its log passed through, until Ctrl-C or SIGTERM.
 * `npm run` starts us through `sh` and tsx, and a SIGTERM to npm does not reach us; so we also stop when that
 * launcher chain breaks (Linux: an ancestor exits or is re-parented), and Prism stops when we exit.
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 4010;
const prism = await startPrism({ port, log: true });
console.log(`Prism is serving openapi/auth-api.yaml at ${prism.url}`);
console.log(`Try: curl -H 'X-CSRF-Token: -.-' -H 'Prefer: code=404, example=org_not_found' ${prism.url}/api/fe/v3/org_settings?org_id=org_acme`);
console.log("Press Ctrl-C to stop.");
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await prism.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("SIGHUP", stop);
watchLauncher(stop);

/** Calls `onGone` when one of the first few ancestors exits or gets a new parent (no-op where /proc is missing). */
function watchLauncher(onGone: () => void, depth = 3): void {
  const chain = [process.ppid];
  while (chain.length <= depth) {
    const parent = parentOf(chain.at(-1)!);
    if (parent === undefined || parent <= 1) break;
    chain.push(parent);
  }
  if (chain.length < 2) return;
  setInterval(() => {
    if (chain.slice(0, -1).some((pid, i) => parentOf(pid) !== chain[i + 1])) onGone();
  }, 500).unref();
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}
