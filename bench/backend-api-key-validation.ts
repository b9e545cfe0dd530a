/**
 * API-key validation round trip (part of `npm run bench`): an org API key validated by orgauth's backend client
 * against the emulator (its own process) on PGlite and on a throwaway PostgreSQL cluster, one call after another:
 * p50 and p99 of each call's wall time, beside the same server's bare round trip (the JWKS, no storage).
 */
import { DEMO_IDS } from "../src/emulator/index.js";
import { createDatabase, findPostgresBin, startPostgresCluster } from "../test/support/postgres-cluster.js";
import { startBackendBench, timed } from "./backend-emulator.js";

const CALLS = Number(process.env.BACKEND_BENCH_VALIDATIONS ?? 500);

/** The value below which `share` of the sorted values fall. */
const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/** Each call's wall milliseconds over `CALLS` sequential calls (after a warm-up), sorted. */
async function latencies(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 50; i++) await run();
  const values: number[] = [];
  for (let i = 0; i < CALLS; i++) values.push((await timed(run)).wallMs);
  return values.sort((a, b) => a - b);
}

async function measure(engine: string, database?: string): Promise<void> {
  const bench = await startBackendBench(undefined, database);
  try {
    const { orgauth, authUrl } = bench;
    const { api_key_token } = await orgauth.createApiKey({ body: { org_id: DEMO_IDS.acme, display_name: "bench" } });
    const validate = async () => {
      const answer = await orgauth.validateApiKey({ body: { api_key_token } });
      if (answer.org?.org_id !== DEMO_IDS.acme) throw new Error("the key did not validate to Acme");
    };
    const bare = async () => (await fetch(`${authUrl}/.well-known/jwks.json`)).arrayBuffer();
    const validations = await latencies(validate);
    const trips = await latencies(bare);
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    console.log(
      `  ${engine}: validate p50 ${ms(percentile(validations, 0.5))}, p99 ${ms(percentile(validations, 0.99))}; ` +
        `bare round trip p50 ${ms(percentile(trips, 0.5))}, p99 ${ms(percentile(trips, 0.99))} (${CALLS} calls each)`,
    );
  } finally {
    await bench.stop();
  }
}

/** Prints the validation round trip on PGlite and, when there are PostgreSQL binaries, on PostgreSQL. */
export async function runBackendApiKeyValidation(): Promise<void> {
  console.log("API-key validation round trip (bench/backend-api-key-validation.ts), emulator in its own process");
  await measure("PGlite (in memory)");
  const bin = findPostgresBin();
  if (bin === null) return void console.log("  PostgreSQL: skipped (no PostgreSQL binaries: set PG_BIN)");
  const cluster = await startPostgresCluster(bin);
  try {
    await measure("PostgreSQL", await createDatabase(cluster.url, "api_key_bench"));
  } finally {
    await cluster.stop();
  }
}
