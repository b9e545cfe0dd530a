/**
 * Backend per call (part of `npm run bench`): five representative management calls — fetch a user, query users, add
 * a user to an org (and remove them again), validate an API key, create an access token — made by orgauth's
 * `createBackendClient` and by the unmodified `@propelauth/node` against the same demo-seeded emulator (its own
 * process), interleaved in rounds. Per call: wall time and this process's CPU time (the client's), median over the
 * rounds, and orgauth's over the vendor's per round as median with spread.
 */
import { DEMO_IDS } from "../src/emulator/index.js";
import { type BackendBench, startBackendBench, timed } from "./backend-emulator.js";
import { median, ratioWithSpread } from "./spread.js";

const ROUNDS = Number(process.env.BACKEND_BENCH_ROUNDS ?? 7);
const CALLS = 30;

type Contenders = { orgauth: () => Promise<unknown>; vendor: () => Promise<unknown> };

/** The five calls, each as both clients make it. */
async function callsOf({ orgauth, vendor }: BackendBench): Promise<Record<string, Contenders>> {
  const { api_key_token } = await orgauth.createApiKey({ body: { org_id: DEMO_IDS.acme, display_name: "bench" } });
  const membership = { user_id: DEMO_IDS.alan, org_id: DEMO_IDS.globex };
  return {
    "fetch user by id": {
      orgauth: () => orgauth.fetchUserById({ path: { userId: DEMO_IDS.ada }, query: { include_orgs: true } }),
      vendor: () => vendor.fetchUserMetadataByUserId(DEMO_IDS.ada, true),
    },
    "query users": {
      orgauth: () => orgauth.queryUsers({ query: { email_or_username: "acme", page_size: 10 } }),
      vendor: () => vendor.fetchUsersByQuery({ emailOrUsername: "acme", pageSize: 10 }),
    },
    "add user to org (+ remove)": {
      orgauth: async () => {
        await orgauth.addUserToOrg({ body: { ...membership, role: "Member" } });
        await orgauth.removeUserFromOrg({ body: membership });
      },
      vendor: async () => {
        await vendor.addUserToOrg({ userId: membership.user_id, orgId: membership.org_id, role: "Member" });
        await vendor.removeUserFromOrg({ userId: membership.user_id, orgId: membership.org_id });
      },
    },
    "validate API key": {
      orgauth: () => orgauth.validateApiKey({ body: { api_key_token } }),
      vendor: () => vendor.validateApiKey(api_key_token),
    },
    "create access token": {
      orgauth: () => orgauth.createAccessToken({ body: { user_id: DEMO_IDS.ada, duration_in_minutes: 5 } }),
      vendor: () => vendor.createAccessToken({ userId: DEMO_IDS.ada, durationInMinutes: 5 }),
    },
  };
}

/** Wall and CPU milliseconds per call over `CALLS` sequential calls. */
async function perCall(run: () => Promise<unknown>): Promise<{ wallMs: number; cpuMs: number }> {
  const { wallMs, cpuMs } = await timed(async () => {
    for (let i = 0; i < CALLS; i++) await run();
  });
  return { wallMs: wallMs / CALLS, cpuMs: cpuMs / CALLS };
}

/** Prints each call's figures: both clients' wall and CPU per call, and orgauth's over the vendor's. */
export async function runBackendPerCall(): Promise<void> {
  console.log(
    `Backend per call (bench/backend-per-call.ts): orgauth's createBackendClient vs @propelauth/node, one emulator ` +
      `process, ${CALLS} calls per contender per round, ${ROUNDS} interleaved rounds`,
  );
  const bench = await startBackendBench();
  try {
    for (const [name, contenders] of Object.entries(await callsOf(bench))) {
      const samples: Record<"orgauth" | "vendor", { wall: number[]; cpu: number[] }> = {
        orgauth: { wall: [], cpu: [] },
        vendor: { wall: [], cpu: [] },
      };
      for (const run of Object.values(contenders)) await perCall(run); // warm up
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? (["vendor", "orgauth"] as const) : (["orgauth", "vendor"] as const);
        for (const who of order) {
          const { wallMs, cpuMs } = await perCall(contenders[who]);
          samples[who].wall.push(wallMs);
          samples[who].cpu.push(cpuMs);
        }
      }
      const ms = (values: number[]) => `${median(values).toFixed(2)} ms`;
      console.log(`  ${name}`);
      console.log(
        `    wall: orgauth ${ms(samples.orgauth.wall)}, vendor ${ms(samples.vendor.wall)}; ` +
          `orgauth/vendor ${ratioWithSpread(samples.orgauth.wall, samples.vendor.wall)}`,
      );
      console.log(
        `    client CPU: orgauth ${ms(samples.orgauth.cpu)}, vendor ${ms(samples.vendor.cpu)}; ` +
          `orgauth/vendor ${ratioWithSpread(samples.orgauth.cpu, samples.vendor.cpu)} (aim ≤ 1.05×)`,
      );
    }
  } finally {
    await bench.stop();
  }
}
