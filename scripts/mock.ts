import { startPrism } from "./lib/prism.js";

/** `npm run mock [-- --port N]`: Prism serving the contract until Ctrl-C. */
const portFlag = process.argv.indexOf("--port");
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 4010;
const prism = await startPrism({ port });
console.log(`Prism is serving openapi/auth-api.yaml at ${prism.url}`);
console.log(`Try: curl -H 'X-CSRF-Token: -.-' -H 'Prefer: code=404, example=org_not_found' ${prism.url}/api/fe/v3/org_settings?org_id=org_acme`);
console.log("Press Ctrl-C to stop.");
const stop = async (): Promise<void> => {
  await prism.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
