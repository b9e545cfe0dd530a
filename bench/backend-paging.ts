/**
 * Paging through a big org (part of `npm run bench`): every member of an org of 10,000, 100 a page (the server's
 * cap), by orgauth's backend client (`backendPages`, no loop of ours) and by the unmodified `@propelauth/node`, against one emulator process seeded
 * with that org; interleaved rounds, wall and client CPU time per whole pass, orgauth's over the vendor's per round.
 * `BACKEND_BENCH_MEMBERS` and `BACKEND_BENCH_PAGING_ROUNDS` change the size and the rounds.
 */
import type { EmulatorSeed } from "../src/emulator/index.js";
import { startBackendBench, timed } from "./backend-emulator.js";
import { median, ratioWithSpread } from "./spread.js";

const MEMBERS = Number(process.env.BACKEND_BENCH_MEMBERS ?? 10_000);
const ROUNDS = Number(process.env.BACKEND_BENCH_PAGING_ROUNDS ?? 3);
const ORG_ID = "5e1b0c2a-7f3d-4c8e-9a6b-2d4f8e0c1a3b"; // a UUID: the vendor answers an empty page for other ids without calling
const PAGE_SIZE = 100;

/** `MEMBERS` users without passwords, all members of one org. */
function bigOrgSeed(): EmulatorSeed {
  const users = Array.from({ length: MEMBERS }, (_, i) => ({ email: `member${i}@big.example`, firstName: "M" }));
  return {
    users,
    orgs: [{ id: ORG_ID, name: "Big Org", members: users.map(({ email }) => ({ email, role: "Member" })) }],
  };
}

/** Prints the time to page through the whole org with each client. */
export async function runBackendPaging(): Promise<void> {
  const size = MEMBERS.toLocaleString("en");
  console.log(`Paging an org of ${size} members (bench/backend-paging.ts), ${PAGE_SIZE} a page, ${ROUNDS} rounds`);
  const started = performance.now();
  const bench = await startBackendBench(bigOrgSeed());
  console.log(`  emulator process started with the seed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { pages, vendor } = bench;
  const passes = {
    orgauth: async () => {
      let seen = 0;
      for await (const _member of pages.fetchUsersInOrg({ path: { orgId: ORG_ID }, query: { page_size: PAGE_SIZE } }))
        seen++;
      if (seen !== MEMBERS) throw new Error(`orgauth paged ${seen} members`);
    },
    vendor: async () => {
      let seen = 0;
      for (let page = 0, more = true; more; page++) {
        const answer = await vendor.fetchUsersInOrg({ orgId: ORG_ID, pageNumber: page, pageSize: PAGE_SIZE });
        seen += answer.users.length;
        more = answer.hasMoreResults;
      }
      if (seen !== MEMBERS) throw new Error(`the vendor paged ${seen} members`);
    },
  };
  try {
    const samples: Record<"orgauth" | "vendor", { wall: number[]; cpu: number[] }> = {
      orgauth: { wall: [], cpu: [] },
      vendor: { wall: [], cpu: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (["vendor", "orgauth"] as const) : (["orgauth", "vendor"] as const);
      for (const who of order) {
        const { wallMs, cpuMs } = await timed(passes[who]);
        samples[who].wall.push(wallMs);
        samples[who].cpu.push(cpuMs);
      }
    }
    const s = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`;
    console.log(
      `  whole pass, wall: orgauth ${s(samples.orgauth.wall)}, vendor ${s(samples.vendor.wall)}; ` +
        `orgauth/vendor ${ratioWithSpread(samples.orgauth.wall, samples.vendor.wall)}`,
    );
    console.log(
      `  whole pass, client CPU: orgauth ${s(samples.orgauth.cpu)}, vendor ${s(samples.vendor.cpu)}; ` +
        `orgauth/vendor ${ratioWithSpread(samples.orgauth.cpu, samples.vendor.cpu)}`,
    );
  } finally {
    await bench.stop();
  }
}
