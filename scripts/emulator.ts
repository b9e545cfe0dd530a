import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { demoSeed, DEMO_PASSWORD, startEmulator, type EmulatorSeed } from "../src/emulator/index.js";
import { stopWithLaunchers } from "./lib/launcher-lifetime.js";

/**
 * `npm run emulator [-- --port N --host H --data-dir DIR | --database postgres://… --seed FILE --no-seed
 * --allow-non-loopback --allowed-origin ORIGIN… --allowed-host NAME… --admin-secret S]`: the local auth provider with
 * real state, until Ctrl-C (or until npm, its shell or tsx is gone).
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "4020" },
    host: { type: "string", default: "127.0.0.1" },
    "data-dir": { type: "string" },
    database: { type: "string" },
    seed: { type: "string" },
    "no-seed": { type: "boolean", default: false },
    "allow-non-loopback": { type: "boolean", default: false },
    "allowed-origin": { type: "string", multiple: true },
    "allowed-host": { type: "string", multiple: true },
    "admin-secret": { type: "string", default: process.env.ORGAUTH_EMULATOR_SECRET },
  },
});
const seed: EmulatorSeed = values["no-seed"]
  ? {}
  : values.seed
    ? (JSON.parse(readFileSync(values.seed, "utf8")) as EmulatorSeed)
    : demoSeed;
const emulator = await startEmulator({
  host: values.host,
  port: Number(values.port),
  allowNonLoopback: values["allow-non-loopback"],
  seed,
  ...(values["data-dir"] && { dataDir: values["data-dir"] }),
  ...(values.database && { connectionString: values.database }),
  ...(values["allowed-origin"] && { allowedOrigins: values["allowed-origin"] }),
  ...(values["allowed-host"] && { allowedHosts: values["allowed-host"] }),
  ...(values["admin-secret"] && { adminSecret: values["admin-secret"] }),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
console.log(`
  ┌──────────────────────────────────────────────────────────────────────┐
  │  orgauth emulator — a local stand-in for the auth provider.          │
  │  NOT FOR PRODUCTION: demo passwords, a development admin API.        │
  └──────────────────────────────────────────────────────────────────────┘
  Auth URL   ${emulator.url}
  Log in     ${emulator.url}/login${seed === demoSeed ? `   (ada@acme.example / ${DEMO_PASSWORD})` : ""}
  Outbox     ${emulator.url}/outbox
  JWKS       ${emulator.url}/.well-known/jwks.json
  Admin      POST ${emulator.url}/__emulator/reset · POST /__emulator/seed · GET /__emulator/outbox · PATCH /__emulator/settings
  Secret     x-emulator-secret: ${emulator.secret}   (the admin API needs it; --admin-secret or ORGAUTH_EMULATOR_SECRET fixes it)
  Origins    ${values["allowed-origin"]?.join(" ") ?? "any loopback port (http(s)://localhost, 127.0.0.1, [::1]); --allowed-origin narrows it"}
  Storage    ${values.database ? "PostgreSQL (--database)" : values["data-dir"] ? `PGlite in ${values["data-dir"]}` : "PGlite in memory (gone when stopped; --data-dir DIR keeps it)"}, through orgauth's identity store
Press Ctrl-C to stop.`);
stopWithLaunchers(() => emulator.stop());
