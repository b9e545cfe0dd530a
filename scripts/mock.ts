import { stopWithLaunchers } from "./lib/launcher-lifetime.js";
import { startPrism } from "./lib/prism.js";

/**
 * `npm run mock [-- --port N]`: Prism serving the contract, its log passed through, until Ctrl-C (or SIGTERM/SIGHUP,
 * or until npm, its shell or tsx is gone).
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 4010;
const prism = await startPrism({ port, log: true });
console.log(`Prism is serving openapi/auth-api.yaml at ${prism.url}`);
console.log(
  `Try: curl -H 'X-CSRF-Token: -.-' -H 'Prefer: code=404, example=org_not_found' ${prism.url}/api/fe/v3/org_settings?org_id=org_acme`,
);
console.log("Press Ctrl-C to stop.");
// Ctrl-C, SIGTERM or SIGHUP, or npm / its shell / tsx going away (e.g. `kill <npm pid>`): stop Prism, exit.
stopWithLaunchers(() => prism.stop());
