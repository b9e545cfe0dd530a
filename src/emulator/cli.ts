import { parseArgs } from "node:util";
import { backendSettingsText, serverSettingsText } from "./banner.js";
import { demoSeed, DEMO_PASSWORD } from "./seeds/demo-seed.js";
import type { EmulatorSeed } from "./seeds/seed.js";
import { readSeedFile, writeSeedFile } from "./seeds/seed-file.js";
import { startEmulator, type RunningEmulator } from "./server.js";

/** The command line's flags: the same for `npx orgauth-emulator` and this repository's `npm run emulator`. */
const USAGE = `orgauth-emulator [options]   a local stand-in for the auth provider, with real state

  --port N               port (4020; 0 picks a free one)
  --host H               interface (127.0.0.1); anything but loopback needs --allow-non-loopback
  --data-dir DIR         keep the state (and the signing key) in DIR with PGlite; in memory otherwise
  --database URL         keep the state in PostgreSQL (postgres://…); several emulators may share one database
  --seed FILE            start from this seed (JSON) instead of the demo's people and orgs
  --no-seed              start empty (an invalid seed file stops the start, naming each problem's JSON path)
  --export-seed FILE     write the state as a seed file when the emulator stops
  --public-url URL       the origin apps reach it at, when it sits behind a proxy (links, redirects, token issuer)
  --default-redirect URL where a login without a return address ends (default: the app the user came from)
  --allowed-origin O     an app origin allowed to call with credentials and to be returned to (repeatable;
                         default: any port of localhost, 127.0.0.1 and [::1])
  --allowed-host NAME    a host name to answer to besides the loopback ones (repeatable)
  --admin-secret S       the admin API's secret (default: ORGAUTH_EMULATOR_SECRET, else random per start)
  --api-key KEY          the integration API key an app's server sends (default: ORGAUTH_EMULATOR_API_KEY, else
                         the one kept with the data, made on the first start)
  --quiet                no request log
  --allow-non-loopback   listen on a non-loopback interface (never in production)
  --help                 this text`;

const FLAGS = {
  port: { type: "string", default: "4020" },
  host: { type: "string", default: "127.0.0.1" },
  "data-dir": { type: "string" },
  database: { type: "string" },
  seed: { type: "string" },
  "export-seed": { type: "string" },
  "no-seed": { type: "boolean", default: false },
  "public-url": { type: "string" },
  "default-redirect": { type: "string" },
  "allowed-origin": { type: "string", multiple: true },
  "allowed-host": { type: "string", multiple: true },
  "admin-secret": { type: "string" },
  "api-key": { type: "string" },
  quiet: { type: "boolean", default: false },
  "allow-non-loopback": { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} as const;

/**
 * Starts the emulator from command-line arguments and prints the start banner (auth URL, the backend settings to
 * paste, storage); then logs each request unless `--quiet`. Resolves to null after `--help`.
 */
export async function runEmulatorCli(argv: string[]): Promise<RunningEmulator | null> {
  const { values } = parseArgs({ args: argv, options: FLAGS, strict: true });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const defaultRedirect = values["default-redirect"];
  const base: EmulatorSeed = values["no-seed"] ? {} : values.seed ? await readSeedFile(values.seed) : demoSeed;
  const adminSecret = values["admin-secret"] ?? process.env.ORGAUTH_EMULATOR_SECRET;
  const apiKey = values["api-key"] ?? (process.env.ORGAUTH_EMULATOR_API_KEY || undefined);
  const seed: EmulatorSeed = defaultRedirect ? { ...base, settings: { ...base.settings, defaultRedirect } } : base;
  const emulator = await startEmulator({
    host: values.host,
    port: Number(values.port),
    allowNonLoopback: values["allow-non-loopback"],
    seed,
    seedProgress: { write: (line: string) => console.error(`  ${line}`) },
    ...(values["data-dir"] && { dataDir: values["data-dir"] }),
    ...(values.database && { connectionString: values.database }),
    ...(values["public-url"] && { publicUrl: values["public-url"] }),
    ...(values["allowed-origin"] && { allowedOrigins: values["allowed-origin"] }),
    ...(values["allowed-host"] && { allowedHosts: values["allowed-host"] }),
    ...(adminSecret && { adminSecret }),
    ...(apiKey !== undefined && { apiKey }),
    ...(!values.quiet && { log: (line: string) => console.log(`  ${line}`) }),
  });
  // Kept data was seeded at its first start: the flag still wins.
  if (defaultRedirect) await emulator.configure({ defaultRedirect });
  const storage = values.database
    ? "PostgreSQL (--database): shared by every emulator on that database"
    : values["data-dir"]
      ? `PGlite in ${values["data-dir"]} (kept between runs, signing key and API key included)`
      : "PGlite in memory (gone when stopped; --data-dir DIR keeps it)";
  console.log(`
  ┌──────────────────────────────────────────────────────────────────────┐
  │  orgauth emulator — a local stand-in for the auth provider.          │
  │  NOT FOR PRODUCTION: demo passwords, a development admin API.        │
  └──────────────────────────────────────────────────────────────────────┘
  Auth URL   ${emulator.authUrl}${values.host === "127.0.0.1" && !values["public-url"] ? `   (app on localhost? use ${emulator.authUrl.replace("127.0.0.1", "localhost")}: cookies are per host name)` : ""}
  Log in     ${emulator.authUrl}/login${seed === demoSeed ? `   (ada@acme.example / ${DEMO_PASSWORD})` : ""}
  Outbox     ${emulator.authUrl}/outbox
  Keys       ${emulator.authUrl}/.well-known/verifier-key.pem · ${emulator.authUrl}/.well-known/jwks.json
  API key    ${emulator.apiKey}   (integration key for an app's server; --api-key or ORGAUTH_EMULATOR_API_KEY sets it)
  Admin UI   ${emulator.adminUiUrl}
             (users, orgs, outbox, settings, live requests, export, reset; the address carries the admin secret)
  Admin API  ${emulator.url}/__emulator/… with x-emulator-secret: ${emulator.secret}   (--admin-secret or ORGAUTH_EMULATOR_SECRET fixes it)
  Origins    ${values["allowed-origin"]?.join(" ") ?? "any loopback port (http(s)://localhost, 127.0.0.1, [::1]); --allowed-origin narrows it"}
  Storage    ${storage}

${backendSettingsText(emulator)}

${serverSettingsText(emulator)}
${values.quiet ? "" : "Requests are logged below (--quiet turns that off). "}Press Ctrl-C to stop.`);
  const exportTo = values["export-seed"];
  if (!exportTo) return emulator;
  console.log(`Export     the state goes to ${exportTo} when the emulator stops (--export-seed)`);
  return {
    ...emulator,
    async stop() {
      await writeSeedFile(exportTo, await emulator.exportSeed());
      console.log(`Wrote the state to ${exportTo}.`);
      await emulator.stop();
    },
  };
}
