/**
 * Seed load time for `npm run bench`: an emulator started with a seed of 100,000 users that carry password hashes
 * (as an export writes them), on PGlite (in memory) and on a throwaway PostgreSQL cluster; the time from
 * `startEmulator` to a listening server, then one login of a seeded user to show the load is real. Median and spread
 * over a few rounds. `SEED_BENCH_USERS` and `SEED_BENCH_ROUNDS` change the size and the rounds.
 */
import pg from "pg";
import { type EmulatorSeed, startEmulator } from "../src/emulator/index.js";
import { hashPassword } from "../src/emulator/tokens/secrets.js";
import { findPostgresBin, startPostgresCluster } from "../test/support/postgres-cluster.js";

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

/** Seconds from `startEmulator` to listening, for each round; each round's seeded user logs in once. */
async function loadRounds(seed: EmulatorSeed, connectionString?: string): Promise<number[]> {
  const seconds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const emulator = await startEmulator({ seed, ...(connectionString && { connectionString }) });
    seconds.push((performance.now() - started) / 1000);
    try {
      const login = await fetch(`${emulator.url}/api/fe/v3/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": "-.-" },
        body: JSON.stringify({ email: `user${USERS - 1}@bench.example`, password: PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`a seeded user's login answered ${login.status}`);
      // The next round starts on an empty database (PostgreSQL keeps the data: wipe it as a reset does).
      if (connectionString) await emptyDatabase(connectionString);
    } finally {
      await emulator.stop();
    }
  }
  return seconds;
}

async function emptyDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query("drop schema public cascade; create schema public");
  await client.end();
}

/** `median s (min–max over N rounds)`. */
function spread(values: number[]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(1)} s (${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)} over ${values.length} rounds)`;
}

/** Prints the seed load time on PGlite and, when there are PostgreSQL binaries, on PostgreSQL. */
export async function runSeedLoad(): Promise<void> {
  const users = USERS.toLocaleString("en");
  console.log(`Seed load (bench/seed-load.ts): ${users} users with password hashes, start to listening`);
  const seed = await hashedSeed(USERS);
  console.log(`  PGlite (in memory) ${spread(await loadRounds(seed))}`);
  const bin = findPostgresBin();
  if (bin === null) {
    console.log("  PostgreSQL: skipped (no PostgreSQL binaries: set PG_BIN)");
    return;
  }
  const cluster = await startPostgresCluster(bin);
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("CREATE DATABASE seed_bench");
    await admin.end();
    const database = new URL(cluster.url);
    database.pathname = "/seed_bench";
    console.log(`  PostgreSQL         ${spread(await loadRounds(seed, database.toString()))}`);
  } finally {
    await cluster.stop();
  }
}
