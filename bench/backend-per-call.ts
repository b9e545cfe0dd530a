/**
 * Backend per call (part of `npm run bench`): five representative management calls — fetch a user, query users, add
 * a user to an org (and remove them again), validate an API key, create an access token — made by orgauth's
 * `createBackendClient` from the packed package (validating; with validation off; and given Node's global fetch, the
 * path of an app's own fetch and of edge runtimes, where on Node its default is node:http) and by the unmodified
 * `@propelauth/node` against the same demo-seeded emulator (its own process), interleaved in rounds. Per call: wall
 * time and this process's CPU time (the client's), median over the rounds, and orgauth's over the vendor's per round
 * as median with spread. `BACKEND_BENCH_ROUNDS` (default 9) and `BACKEND_BENCH_CALLS` (calls per contender per round,
 * default 100) change the run's length.
 */
import { DEMO_IDS } from "../src/emulator/index.js";
import type { BackendClient } from "../src/server/backend-client.js";
import { type BackendBench, startBackendBench, timed } from "./backend-emulator.js";
import { median, ratioWithSpread } from "./spread.js";

const ROUNDS = Number(process.env.BACKEND_BENCH_ROUNDS ?? 9);
// A call costs about 1 ms of client CPU: 100 of them per sample let a garbage collection or another process's burst
// weigh on one sample less than 30 did (the spreads of the runs in docs/performance.md).
const CALLS = Number(process.env.BACKEND_BENCH_CALLS ?? 100);
const CONTENDERS = ["orgauth", "orgauth, validation off", "orgauth over fetch", "vendor"] as const;
type Contender = (typeof CONTENDERS)[number];
type Call = () => Promise<unknown>;

/** The five calls, each as both clients make it (orgauth's for a given client). */
async function callsOf(bench: BackendBench): Promise<Record<string, Record<Contender, Call>>> {
  const { vendor } = bench;
  const { api_key_token } = await bench.orgauth.createApiKey({
    body: { org_id: DEMO_IDS.acme, display_name: "bench" },
  });
  const membership = { user_id: DEMO_IDS.alan, org_id: DEMO_IDS.globex };
  const both = (ours: (client: BackendClient) => Call, theirs: Call): Record<Contender, Call> => ({
    orgauth: ours(bench.orgauth),
    "orgauth, validation off": ours(bench.unvalidated),
    "orgauth over fetch": ours(bench.overFetch),
    vendor: theirs,
  });
  return {
    "fetch user by id": both(
      (c) => () => c.fetchUserById({ path: { userId: DEMO_IDS.ada }, query: { include_orgs: true } }),
      () => vendor.fetchUserMetadataByUserId(DEMO_IDS.ada, true),
    ),
    "query users": both(
      (c) => () => c.queryUsers({ query: { email_or_username: "acme", page_size: 10 } }),
      () => vendor.fetchUsersByQuery({ emailOrUsername: "acme", pageSize: 10 }),
    ),
    "add user to org (+ remove)": both(
      (c) => async () => {
        await c.addUserToOrg({ body: { ...membership, role: "Member" } });
        await c.removeUserFromOrg({ body: membership });
      },
      async () => {
        await vendor.addUserToOrg({ userId: membership.user_id, orgId: membership.org_id, role: "Member" });
        await vendor.removeUserFromOrg({ userId: membership.user_id, orgId: membership.org_id });
      },
    ),
    "validate API key": both(
      (c) => () => c.validateApiKey({ body: { api_key_token } }),
      () => vendor.validateApiKey(api_key_token),
    ),
    "create access token": both(
      (c) => () => c.createAccessToken({ body: { user_id: DEMO_IDS.ada, duration_in_minutes: 5 } }),
      () => vendor.createAccessToken({ userId: DEMO_IDS.ada, durationInMinutes: 5 }),
    ),
  };
}

/** Wall and CPU milliseconds per call over `CALLS` sequential calls. */
async function perCall(run: Call): Promise<{ wallMs: number; cpuMs: number }> {
  const { wallMs, cpuMs } = await timed(async () => {
    for (let i = 0; i < CALLS; i++) await run();
  });
  return { wallMs: wallMs / CALLS, cpuMs: cpuMs / CALLS };
}

/** Prints each call's figures: every contender's wall and CPU per call, and orgauth's over the vendor's. */
export async function runBackendPerCall(): Promise<void> {
  console.log(
    `Backend per call (bench/backend-per-call.ts): orgauth's createBackendClient vs @propelauth/node, one emulator ` +
      `process, ${CALLS} calls per contender per round, ${ROUNDS} interleaved rounds (the order turns each round)`,
  );
  const bench = await startBackendBench();
  try {
    for (const [name, contenders] of Object.entries(await callsOf(bench))) {
      const samples = Object.fromEntries(
        CONTENDERS.map((who) => [who, { wall: [] as number[], cpu: [] as number[] }]),
      ) as Record<Contender, { wall: number[]; cpu: number[] }>;
      for (const who of CONTENDERS) await perCall(contenders[who]); // warm up
      for (let round = 0; round < ROUNDS; round++) {
        const turn = round % CONTENDERS.length;
        for (const who of [...CONTENDERS.slice(turn), ...CONTENDERS.slice(0, turn)]) {
          const { wallMs, cpuMs } = await perCall(contenders[who]);
          samples[who].wall.push(wallMs);
          samples[who].cpu.push(cpuMs);
        }
      }
      const ms = (values: number[]) => `${median(values).toFixed(2)} ms`;
      console.log(`  ${name}`);
      for (const [label, key] of [
        ["wall", "wall"],
        ["client CPU", "cpu"],
      ] as const) {
        const figures = CONTENDERS.map((who) => `${who} ${ms(samples[who][key])}`).join(", ");
        const vendor = samples.vendor[key];
        console.log(
          `    ${label}: ${figures}; orgauth/vendor ${ratioWithSpread(samples.orgauth[key], vendor)}, ` +
            `validation off/vendor ${ratioWithSpread(samples["orgauth, validation off"][key], vendor)}, ` +
            `over fetch/vendor ${ratioWithSpread(samples["orgauth over fetch"][key], vendor)}, ` +
            `orgauth/over fetch ${ratioWithSpread(samples.orgauth[key], samples["orgauth over fetch"][key])}`,
        );
      }
    }
  } finally {
    await bench.stop();
  }
}
