import { startBanner } from "./banner.js";
import { parseCli, USAGE } from "./cli-flags.js";
import { demoSeed, DEMO_PASSWORD } from "./seeds/demo-seed.js";
import type { EmulatorSeed } from "./seeds/seed.js";
import { readSeedFile, writeSeedFile } from "./seeds/seed-file.js";
import { SeedError } from "./seeds/seed-validate.js";
import { startEmulator, type RunningEmulator } from "./server.js";
import { checkHttpUrl, parsePort } from "./startup/start-checks.js";
import { EmulatorStartError } from "./startup/start-error.js";
import { EMULATOR_VERSION } from "./startup/version.js";

/**
 * Starts the emulator from command-line arguments and prints the start banner (auth URL, the backend settings to
 * paste, storage); then logs each request unless `--quiet`. Resolves to null after `--help` or `--version`. A start
 * that fails throws an error whose `startFailureLine` is one line naming the cause and the fix.
 */
export async function runEmulatorCli(argv: string[]): Promise<RunningEmulator | null> {
  const values = parseCli(argv);
  if (values.help || values.version) {
    console.log(values.help ? USAGE : EMULATOR_VERSION);
    return null;
  }
  const defaultRedirect = values["default-redirect"];
  if (defaultRedirect)
    checkHttpUrl(defaultRedirect, "default redirect", "--default-redirect http://localhost:3000/home");
  const base: EmulatorSeed = values["no-seed"] ? {} : values.seed ? await readSeedFile(values.seed) : demoSeed;
  const adminSecret = values["admin-secret"] ?? process.env.ORGAUTH_EMULATOR_SECRET;
  const apiKey = values["api-key"] ?? (process.env.ORGAUTH_EMULATOR_API_KEY || undefined);
  const seed: EmulatorSeed = defaultRedirect ? { ...base, settings: { ...base.settings, defaultRedirect } } : base;
  const emulator = await startEmulator({
    host: values.host,
    port: parsePort(values.port),
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
  console.log(
    startBanner(emulator, {
      host: values.host,
      publicUrl: values["public-url"],
      demoPassword: seed === demoSeed ? DEMO_PASSWORD : undefined,
      allowedOrigins: values["allowed-origin"],
      storage,
      quiet: values.quiet,
      version: EMULATOR_VERSION,
    }),
  );
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

/**
 * What the terminal shows when the start failed: one line naming the cause and the fix, never a stack. A seed with
 * several problems keeps one line per problem under the first (each names its JSON path).
 */
export function startFailureLine(error: unknown): string {
  if (error instanceof SeedError && error.problems.length === 1)
    return `Invalid seed (${error.source}), nothing was started: ${error.problems[0]?.trim()}`;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof SeedError || error instanceof EmulatorStartError) return message;
  return `The emulator could not start: ${message.split("\n")[0]}`;
}
