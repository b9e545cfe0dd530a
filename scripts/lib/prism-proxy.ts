import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { freePort, stopProcess, waitUntilReady, type PrismServer } from "./prism.js";
import { repoRoot } from "./repo-root.js";

/** Prism's validating proxy, with what it logged (each contract violation it saw is logged as one). */
export interface PrismProxy extends PrismServer {
  output(): string;
}

/**
 * Starts `prism proxy --errors` on the contract in front of `upstream`: requests that break the contract are refused
 * (422) and responses that break it become 500s, so a test that sees only the statuses it expects saw no violation.
 */
export async function startPrismProxy(upstream: string, options: { port?: number } = {}): Promise<PrismProxy> {
  const port = options.port ?? (await freePort());
  const bin = realpathSync(join(repoRoot, "node_modules", ".bin", "prism"));
  const watchdog = join(repoRoot, "scripts", "lib", "exit-with-parent.cjs");
  const contract = join(repoRoot, "openapi", "auth-api.yaml");
  const args = [
    "--require",
    watchdog,
    bin,
    "proxy",
    "--errors",
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    contract,
    upstream,
  ];
  const child = spawn(process.execPath, args, { stdio: "pipe" });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, url, () => output);
  return { url, output: () => output, stop: () => stopProcess(child) };
}
