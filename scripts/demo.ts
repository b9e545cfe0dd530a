import { stopWithLaunchers } from "./lib/launcher-lifetime.js";
import { startDemo } from "./lib/demo-server.js";
import { DEMO_PASSWORD } from "../src/emulator/index.js";

/**
 * `npm run demo [-- --port N] [-- --verbose] [-- --prism]`: the example app on the emulator (or, with --prism, on the
 * Prism mock only), until Ctrl-C (or SIGTERM/SIGHUP,
 * or until npm, its shell or tsx is gone).
 * Prism runs on a free port behind the app's own origin (`/api` is proxied), so nothing else needs to be free.
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 5173;
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`--port needs a port number, got ${process.argv[portFlag + 1] ?? "nothing"}`);
  process.exit(2);
}

const onPrism = process.argv.includes("--prism");
const demo = await startDemo({
  port,
  strictPort: portFlag > 0,
  verbose: process.argv.includes("--verbose"),
  backend: onPrism ? "prism" : "emulator",
});
console.log(`\norgauth demo: ${demo.url}`);
if (onPrism) {
  console.log(
    `  the app talks to its own origin; /api is proxied to Prism (${demo.prismUrl}) serving openapi/auth-api.yaml`,
  );
} else {
  console.log(
    "  the app talks to its own origin; /api is proxied to the orgauth emulator (real state; not for production)",
  );
  console.log(
    `  sign in as ada@acme.example / ${DEMO_PASSWORD} (also grace@, alan@, mallory@acme.example); e-mails land in ${demo.url}outbox`,
  );
  console.log(
    `  the emulator's admin API: ${demo.emulatorUrl}/__emulator/… with x-emulator-secret: ${demo.emulatorSecret}`,
  );
  console.log(
    `  the emulator's admin UI: ${demo.emulatorUrl}/__emulator/ui?token=${encodeURIComponent(demo.emulatorSecret ?? "")}`,
  );
  console.log(
    "  a scenario picked in the developer toolbar has Prism answer the calls it names from the contract's examples (npm run demo -- --prism: Prism only)",
  );
}
console.log(
  "  the developer toolbar at the bottom of the page picks documented answers (errors, login steps); it folds to one line",
);
console.log("Press Ctrl-C to stop.\n");

// Ctrl-C, SIGTERM or SIGHUP, or npm / its shell / tsx going away (e.g. `kill <npm pid>`): stop Vite and Prism, exit.
stopWithLaunchers(() => demo.stop());
