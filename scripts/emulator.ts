import { runEmulatorCli, startFailureLine } from "../src/emulator/cli.js";
import { stopWithLaunchers } from "./lib/launcher-lifetime.js";

/**
 * `npm run emulator [-- options]`: the local auth provider with real state, until Ctrl-C (or until npm, its shell or
 * tsx is gone). The options are the package's `orgauth-emulator` command's (`-- --help` lists them).
 */
const started = runEmulatorCli(process.argv.slice(2)).catch((error: unknown) => {
  console.error(startFailureLine(error));
  process.exit(2);
});
// Watched from the start, not once started: a signal right after the banner still stops it (and writes the export).
stopWithLaunchers(async () => (await started)?.stop());
