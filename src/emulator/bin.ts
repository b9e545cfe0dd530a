#!/usr/bin/env node
/**
 * `npx orgauth-emulator [options]`: the emulator for an app that installed orgauth, with the flags of
 * `npm run emulator` (`--help` lists them). Runs until Ctrl-C or a termination signal.
 */
import { EMULATOR_INSTALL } from "./startup/peers.js";

/** Starts the emulator from the command line and stops it on a signal; exits 2, with one line, when it cannot start. */
async function main(): Promise<void> {
  let cli: typeof import("./cli.js");
  try {
    cli = await import("./cli.js");
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const code = (error as { code?: string }).code;
    console.error(
      code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND"
        ? `The emulator needs packages that are optional for orgauth (${detail}): ${EMULATOR_INSTALL}`
        : `The emulator could not load: ${detail}`,
    );
    process.exit(2);
  }
  const started = cli.runEmulatorCli(process.argv.slice(2));
  // Handled from the start, not once started: a signal right after the banner still stops it (and writes the export).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 5_000).unref();
    started
      .then((emulator) => emulator?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
  try {
    await started;
  } catch (error) {
    console.error(cli.startFailureLine(error));
    process.exit(2);
  }
}

void main();
