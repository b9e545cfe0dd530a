import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../../scripts/lib/prism.js";

/** `npm run emulator` as a user starts it: the banner, a working server with the seed, and the loopback rule. */
export function runCli(args: string[]): {
  child: ChildProcess;
  output: () => string;
  printed: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
} {
  const child = spawn(join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/emulator.ts", ...args], {
    cwd: repoRoot,
    stdio: "pipe",
  });
  let output = "";
  const listeners: (() => void)[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => pattern.test(output) && resolve();
      listeners.push(check);
      check();
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  return { child, output: () => output, printed, exited };
}
