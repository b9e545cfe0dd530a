/**
 * Emulator throughput for `npm run bench`: password logins and token refreshes per second over HTTP, on PGlite (in
 * memory) and on a throwaway PostgreSQL cluster, with a few clients at once; each beside the same server's bare round
 * trip (the JWKS, no storage) so the figure says what a login or a refresh costs beyond HTTP. Median and spread over
 * rounds.
 */
import { DEMO_PASSWORD, demoSeed, type RunningEmulator, startEmulator } from "../src/emulator/index.js";
import { findPostgresBin, startPostgresCluster, createDatabase } from "../test/support/postgres-cluster.js";

const ROUNDS = 5;
const ROUND_MS = 1_500;
const CLIENTS = 4;

/** Requests per second over one round: `CLIENTS` loops calling `run` until the time is up. */
async function perSecond(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() - started < ROUND_MS) {
        await run();
        count++;
      }
    }),
  );
  return (count * 1000) / (performance.now() - started);
}

/** Median and range of a few rounds, as `median/s (min–max)`. */
function spread(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const whole = (value: number) => Math.round(value).toLocaleString("en");
  return `${whole(median)}/s (${whole(sorted[0]!)}–${whole(sorted.at(-1)!)} over ${values.length} rounds)`;
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/fe/v3/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
    body: JSON.stringify({ email: "ada@acme.example", password: DEMO_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(";")[0]!;
}

async function measure(name: string, emulator: RunningEmulator): Promise<void> {
  let cookie = await login(emulator.url);
  const refresh = async () => {
    const response = await fetch(`${emulator.url}/api/v1/refresh_token`, { headers: { Cookie: cookie } });
    if (response.status !== 200) throw new Error(`refresh answered ${response.status}`);
    // A refresh rotates the session cookie: keep the new one, as a browser would.
    cookie = response.headers.getSetCookie()[0]?.split(";")[0] ?? cookie;
    await response.arrayBuffer();
  };
  const bare = async () => (await fetch(`${emulator.url}/.well-known/jwks.json`)).arrayBuffer();
  for (let i = 0; i < 20; i++) await Promise.all([refresh(), bare()]); // warm up
  const rounds = { bare: [] as number[], login: [] as number[], refresh: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.bare.push(await perSecond(bare));
    rounds.login.push(await perSecond(() => login(emulator.url)));
    rounds.refresh.push(await perSecond(refresh));
  }
  console.log(`${name}, ${CLIENTS} clients:`);
  console.log(`  bare round trip (JWKS) ${spread(rounds.bare)}`);
  console.log(`  password logins        ${spread(rounds.login)}  (scrypt per login)`);
  console.log(`  token refreshes        ${spread(rounds.refresh)}  (session read + RS256 signature)`);
}

/** Prints emulator throughput on PGlite and, when there are PostgreSQL binaries, on PostgreSQL. */
export async function runEmulatorThroughput(): Promise<void> {
  console.log("Emulator throughput over HTTP (bench/emulator-throughput.ts)");
  const embedded = await startEmulator({ seed: demoSeed });
  try {
    await measure("PGlite (in memory)", embedded);
  } finally {
    await embedded.stop();
  }
  const bin = findPostgresBin();
  if (bin === null) {
    console.log("PostgreSQL: skipped (no PostgreSQL binaries: set PG_BIN)");
    return;
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const database = new URL(await createDatabase(cluster.url, "emulator_bench"));
    const onPostgres = await startEmulator({ seed: demoSeed, connectionString: database.toString() });
    try {
      await measure("PostgreSQL", onPostgres);
    } finally {
      await onPostgres.stop();
    }
  } finally {
    await cluster.stop();
  }
}
