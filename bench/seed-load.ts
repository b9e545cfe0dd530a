/**
 * Seed load time for `npm run bench`: an emulator started with a seed of 100,000 users that carry password hashes
 * (as an export writes them), on PGlite (in memory) and on a throwaway PostgreSQL cluster: the time from
 * `startEmulator` to a listening server with the seed, less an empty start's in the same round (PGlite's own start
 * is seconds of WebAssembly), then one login of a seeded user to show the load is real. Median and spread over a
 * few rounds. `SEED_BENCH_USERS` and `SEED_BENCH_ROUNDS` change the size and the rounds.
 */
import pg from "pg";
import { type EmulatorSeed, type RunningEmulator, startEmulator } from "../src/emulator/index.js";
import { hashPassword } from "../src/emulator/tokens/secrets.js";
import { findPostgresBin, startPostgresCluster, createDatabase } from "../test/support/postgres-cluster.js";

const USERS = Number(process.env.SEED_BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.SEED_BENCH_ROUNDS ?? 3);
const PASSWORD = "bench password";

/** A seed of `count` users with password hashes (one hash shared: scrypt is not what this measures), in two orgs. */
async function hashedSeed(count: number): Promise<EmulatorSeed> {
  const passwordHash = await hashPassword(PASSWORD);
  const users = Array.from({ length: count }, (_, i) => ({
    email: `user${i}@bench.example`,
    passwordHash,
    firstName: "User",
    lastName: String(i),
  }));
  const members = (from: number) =>
    users.slice(from, from + 1_000).map((user) => ({ email: user.email, role: "Member" }));
  return {
    users,
    orgs: [
      { id: "bench-org-1", name: "Bench One", members: members(0) },
      { id: "bench-org-2", name: "Bench Two", members: members(1_000) },
    ],
  };
}

/** Seconds from `startEmulator` to listening. */
async function timedStart(seed: EmulatorSeed, connectionString?: string): Promise<[number, RunningEmulator]> {
  const started = performance.now();
  const emulator = await startEmulator({ seed, ...(connectionString && { connectionString }) });
  return [(performance.now() - started) / 1000, emulator];
}

/**
 * Each round starts an emulator empty and then with the seed (interleaved, so both see the same machine); the
 * seeded one's last user logs in once. The difference is what loading the seed costs.
 */
async function loadRounds(
  seed: EmulatorSeed,
  connectionString?: string,
): Promise<{ empty: number[]; seeded: number[] }> {
  const rounds = { empty: [] as number[], seeded: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const [emptySeconds, empty] = await timedStart({}, connectionString);
    await empty.stop();
    if (connectionString) await emptyDatabase(connectionString);
    rounds.empty.push(emptySeconds);
    const [seconds, emulator] = await timedStart(seed, connectionString);
    rounds.seeded.push(seconds);
    try {
      const login = await fetch(`${emulator.url}/api/fe/v3/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
        body: JSON.stringify({ email: `user${USERS - 1}@bench.example`, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`a seeded user's login answered ${login.status}`);
    } finally {
      await emulator.stop();
    }
    // The next round starts on an empty database (PostgreSQL keeps the data).
    if (connectionString) await emptyDatabase(connectionString);
  }
  return rounds;
}

async function emptyDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
}

const median = (values: readonly number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** `median s (min–max over N rounds)`. */
function spread(values: readonly number[]): string {
  const low = Math.min(...values).toFixed(1);
  const high = Math.max(...values).toFixed(1);
  return `${median(values).toFixed(1)} s (${low}–${high} over ${values.length} rounds)`;
}

/** One engine's line: the seeded start, the empty start, and the seed's share (their difference, per round). */
function report(name: string, rounds: { empty: number[]; seeded: number[] }): void {
  const load = rounds.seeded.map((seconds, round) => seconds - rounds.empty[round]!);
  console.log(`  ${name}: seed load ${spread(load)}`);
  console.log(`    start with the seed ${spread(rounds.seeded)}; empty start ${spread(rounds.empty)}`);
}

/** Prints the seed load time on PGlite and, when there are PostgreSQL binaries, on PostgreSQL. */
export async function runSeedLoad(): Promise<void> {
  const users = USERS.toLocaleString("en");
  console.log(`Seed load (bench/seed-load.ts): ${users} users with password hashes, start to listening`);
  const seed = await hashedSeed(USERS);
  report("PGlite (in memory)", await loadRounds(seed));
  const bin = findPostgresBin();
  if (bin === null) {
    console.log("  PostgreSQL: skipped (no PostgreSQL binaries: set PG_BIN)");
    return;
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const database = new URL(await createDatabase(cluster.url, "seed_bench"));
    report("PostgreSQL", await loadRounds(seed, database.toString()));
  } finally {
    await cluster.stop();
  }
}
