/**
 * Identity store figures for `npm run bench`: operations per second of `getSessionAndUser` and `createSession` on
 * PGlite (in memory) and on a throwaway PostgreSQL cluster, each against a bare parameterised round trip
 * (`SELECT $1::text`) on the same engine in the same process (the ratio says what the adapter costs beyond the
 * engine's floor); PGlite's open time (first, which compiles the WebAssembly, and warm) and memory.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createAdapter,
  migrate,
  openEmbeddedDatabase,
  openPostgres,
  type ClosableSqlPort,
} from "../src/adapter/index.js";
import { findPostgresBin, startPostgresCluster } from "../test/support/postgres-cluster.js";

async function opsPerSecond(run: () => Promise<unknown>, durationMs = 1_500): Promise<number> {
  for (let i = 0; i < 100; i++) await run(); // warm up
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < durationMs) {
    for (let i = 0; i < 20; i++) await run();
    count += 20;
  }
  return (count * 1000) / (performance.now() - started);
}

const format = (value: number): string => Math.round(value).toLocaleString("en");

async function measureEngine(name: string, db: ClosableSqlPort): Promise<void> {
  await migrate(db);
  const adapter = createAdapter(db);
  const user = await adapter.createUser({
    id: randomUUID(),
    email: `bench-${randomUUID()}@example.com`,
    emailVerified: null,
  });
  const expires = new Date(Date.now() + 86_400_000);
  const tokens: string[] = [];
  for (let i = 0; i < 1_000; i++)
    tokens.push((await adapter.createSession({ sessionToken: randomUUID(), userId: user.id, expires })).sessionToken);
  let next = 0;
  const floor = await opsPerSecond(() => db.query("SELECT $1::text AS value", [tokens[next++ % tokens.length]]));
  const read = await opsPerSecond(() => adapter.getSessionAndUser(tokens[next++ % tokens.length]!));
  const write = await opsPerSecond(() =>
    adapter.createSession({ sessionToken: randomUUID(), userId: user.id, expires }),
  );
  console.log(`${name}: bare SELECT $1 round trip ${format(floor)} ops/s`);
  console.log(`  getSessionAndUser ${format(read)} ops/s (${(read / floor).toFixed(2)}× the bare round trip)`);
  console.log(`  createSession     ${format(write)} ops/s (${(write / floor).toFixed(2)}× the bare round trip)`);
}

async function measurePGliteOpen(): Promise<void> {
  const before = process.memoryUsage();
  let started = performance.now();
  const memory = await openEmbeddedDatabase();
  const openMs = performance.now() - started;
  started = performance.now();
  await migrate(memory);
  const migrateMs = performance.now() - started;
  const after = process.memoryUsage();
  started = performance.now();
  const warm = await openEmbeddedDatabase();
  const warmMs = performance.now() - started;
  await warm.close();
  console.log(
    `PGlite in memory: first open ${openMs.toFixed(0)} ms, warm open ${warmMs.toFixed(0)} ms, migrate ${migrateMs.toFixed(0)} ms, +${((after.rss - before.rss) / 2 ** 20).toFixed(0)} MiB RSS (+${((after.arrayBuffers - before.arrayBuffers) / 2 ** 20).toFixed(0)} MiB array buffers)`,
  );
  await measureEngine("PGlite (in memory)", memory);
  await memory.close();

  const directory = mkdtempSync(join(tmpdir(), "orgauth-bench-"));
  try {
    started = performance.now();
    const created = await openEmbeddedDatabase({ dataDir: directory });
    const createMs = performance.now() - started;
    await migrate(created);
    await created.close();
    started = performance.now();
    const reopened = await openEmbeddedDatabase({ dataDir: directory });
    const reopenMs = performance.now() - started;
    await reopened.close();
    console.log(
      `PGlite data directory: first open (initdb) ${createMs.toFixed(0)} ms, reopen ${reopenMs.toFixed(0)} ms`,
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Prints the identity store's figures. */
export async function runAdapterBench(): Promise<void> {
  console.log("Identity store (orgauth/adapter), one connection, one operation at a time:");
  await measurePGliteOpen();
  const bin = findPostgresBin();
  if (bin === null) {
    console.log("PostgreSQL: skipped (no PostgreSQL binaries: set PG_BIN)");
    return;
  }
  const cluster = await startPostgresCluster(bin);
  const db = openPostgres({ connectionString: cluster.url, max: 1 });
  try {
    await measureEngine("PostgreSQL 127.0.0.1 (pg Pool, 1 connection)", db);
  } finally {
    await db.close();
    await cluster.stop();
  }
}
