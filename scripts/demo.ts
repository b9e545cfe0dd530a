import { startDemo } from "./lib/demo-server.js";

/**
 * `npm run demo [-- --port N] [-- --verbose]`: the example app on the Prism mock, until Ctrl-C.
 * Prism runs on a free port behind the app's own origin (`/api` is proxied), so nothing else needs to be free.
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 5173;
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`--port needs a port number, got ${process.argv[portFlag + 1] ?? "nothing"}`);
  process.exit(2);
}

const demo = await startDemo({ port, strictPort: portFlag > 0, verbose: process.argv.includes("--verbose") });
console.log(`\norgauth demo: ${demo.url}`);
console.log(`  the app talks to its own origin; /api is proxied to Prism (${demo.prismUrl}) serving openapi/auth-api.yaml`);
console.log("  use the scenario toolbar at the bottom of the page to pick documented answers (errors, login steps)");
console.log("Press Ctrl-C to stop.\n");

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await demo.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.on("SIGHUP", stop);
