/**
 * Per-call overhead (part of `npm run bench`): the same GET /api/fe/v3/org_settings called through orgauth's
 * generated fetcher (validating, and with validation off), through the vendor's API client
 * (@propelauth/frontend-apis, which calls the global fetch), and as a bare fetch + JSON parse; answered once by
 * an in-memory fetch (the libraries' own cost) and once by a server on 127.0.0.1 (what a caller waits). The
 * contenders run interleaved in rounds in one process; each figure is the median of the rounds.
 */
import { startLocalServer, type LocalServer } from "../test/support/local-server.js";
import { createFrontendApisClient } from "@propelauth/frontend-apis";
import { getOrgSettings } from "../src/generated/operations.js";
import { createTransport } from "../src/transport/index.js";
import { median, ratioWithSpread } from "./spread.js";

const AUTH_URL = "https://auth.example.com";
const ROUNDS = 7;
const ROUND_MS = 300;

/** Calls per second of `run` over about `ms` milliseconds (sequential, awaited). */
async function callsPerSecond(run: () => Promise<unknown>, ms: number): Promise<number> {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ms) {
    for (let i = 0; i < 50; i++) await run();
    count += 50;
  }
  return (count * 1000) / (performance.now() - started);
}

/** The four ways of making the call, all against `fetchAnswer` (the vendor's client through the global fetch). */
function contendersFor(origin: string, fetchAnswer: typeof fetch): Record<string, () => Promise<unknown>> {
  const validating = createTransport({ authUrl: origin, fetch: fetchAnswer });
  const unvalidated = createTransport({ authUrl: origin, fetch: fetchAnswer, validation: "off" });
  const vendor = createFrontendApisClient({ authUrl: origin, baseApiUrl: origin });
  return {
    "bare fetch + JSON parse": async () =>
      (await fetchAnswer(`${origin}/api/fe/v3/org_settings?org_id=org_acme`)).json(),
    "orgauth getOrgSettings": () => getOrgSettings(validating, { query: { org_id: "org_acme" } }),
    "orgauth getOrgSettings, validation off": () => getOrgSettings(unvalidated, { query: { org_id: "org_acme" } }),
    "vendor fetchOrgSettings": () => vendor.fetchOrgSettings("org_acme"),
  };
}

/** Runs the contenders interleaved in rounds and prints calls per second and time per call against the bare call. */
async function compare(
  title: string,
  contenders: Record<string, () => Promise<unknown>>,
  roundMs: number,
): Promise<void> {
  const samples = new Map<string, number[]>(Object.keys(contenders).map((name) => [name, []]));
  for (const run of Object.values(contenders)) await callsPerSecond(run, roundMs / 3); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(contenders)) samples.get(name)!.push(await callsPerSecond(run, roundMs));
  }
  const rate = (name: string) => median(samples.get(name)!);
  const bare = rate("bare fetch + JSON parse");
  console.log(
    `Per-call overhead, ${title} (median of ${ROUNDS} interleaved rounds; time per call relative to the bare call)`,
  );
  for (const name of Object.keys(contenders)) {
    console.log(
      `  ${name.padEnd(40)} ${Math.round(rate(name)).toLocaleString("en").padStart(8)} calls/s  ${(bare / rate(name)).toFixed(2)}×`,
    );
  }
  // calls per second, inverted: the vendor's rate over ours is our time per call over the vendor's
  const spread = ratioWithSpread(samples.get("vendor fetchOrgSettings")!, samples.get("orgauth getOrgSettings")!);
  console.log(`  orgauth vs vendor: ${spread} the vendor's time per call (aim ≤ 1.05×)`);
}

/** Serves `body` as every answer on a loopback port (nothing recorded: a round sends many calls). */
function startAnswering(body: string): Promise<LocalServer> {
  return startLocalServer(
    (_request, response) => response.writeHead(200, { "Content-Type": "application/json" }).end(body),
    {
      record: false,
    },
  );
}

/** Measures and prints the per-call overhead of orgauth and of the vendor's client, side by side: in memory and over loopback HTTP. */
export async function runPerCallOverhead(settingsBody: unknown): Promise<void> {
  const text = JSON.stringify(settingsBody);
  const realFetch = globalThis.fetch;
  const inMemory: typeof fetch = async () =>
    new Response(text, { status: 200, headers: { "Content-Type": "application/json" } });
  const loopback = await startAnswering(text);
  try {
    globalThis.fetch = inMemory; // the vendor's client calls the global fetch
    await compare("fetch answered in memory: the libraries' own cost", contendersFor(AUTH_URL, inMemory), ROUND_MS);
    globalThis.fetch = realFetch;
    await compare(
      "loopback HTTP on 127.0.0.1: what a caller waits",
      contendersFor(loopback.url, realFetch),
      ROUND_MS * 2,
    );
  } finally {
    globalThis.fetch = realFetch;
    await loopback.close();
  }
}
