import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { PGLITE_NODE_FLAGS } from "../support/wasm-flags.js";

/**
 * `npm run emulator` as a user starts it (scripts/emulator.ts), its output collected: the bundle of it that the stage
 * built once (`ORGAUTH_TEST_EMULATOR_CLI`, test/support/emulator-cli-setup.ts), else through tsx.
 */
export interface RunningCli {
  child: ChildProcess;
  /** stdout and stderr as they came. */
  output: () => string;
  /** stderr alone. */
  errors: () => string;
  /** Resolves once the output matches `pattern`; rejects when the process exits first. */
  printed: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

/** Starts the emulator's CLI with `args`. */
export function runCli(args: string[]): RunningCli {
  const built = process.env.ORGAUTH_TEST_EMULATOR_CLI;
  const [command, entry]: [string, string[]] = built
    ? [process.execPath, [...PGLITE_NODE_FLAGS, built]]
    : [join(repoRoot, "node_modules", ".bin", "tsx"), ["scripts/emulator.ts"]];
  const child = spawn(command, [...entry, ...args], { cwd: repoRoot, stdio: "pipe" });
  let output = "";
  let errors = "";
  const listeners: (() => void)[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    read(chunk);
  });
  // "close", not "exit": on a busy machine a process can exit before its last output has been read
  const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => pattern.test(output) && resolve();
      listeners.push(check);
      check();
      void exited.then(() => reject(new Error(`exited before printing ${pattern}:\n${output}`)));
    });
  return { child, output: () => output, errors: () => errors, printed, exited };
}
