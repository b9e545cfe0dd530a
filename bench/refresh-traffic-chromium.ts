/**
 * Refresh traffic in real headless Chromium (part of `npm run bench`; also `npx tsx bench/refresh-traffic-chromium.ts`):
 * the refresh requests tabs of one browser send in one hour, run at 1 simulated minute = 0.5 s (30-minute tokens
 * live 15 s, a check every 0.5 s, a refresh under 5 s left), counted by the page server (test/support/tabs-server.ts).
 * Scenarios: one tab (the aim: 5 tabs send no more than it), 5 tabs opened together, and 5 tabs opened one after
 * another (one every 6 simulated minutes); each on a quiet CPU and on a saturated one (a busy worker thread per
 * core for the whole hour). Counts, with their spread and distribution over rounds. `TAB_TRAFFIC_ROUNDS` sets the
 * rounds (default 2); `TAB_TRAFFIC_ONLY=after` runs only the 5 tabs opened one after another on a quiet CPU.
 */
import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Browser } from "playwright-core";
import { launchChromium } from "../test/support/chromium.js";
import { startTabsServer, type TabsServer } from "../test/support/tabs-server.js";
import { median } from "./spread.js";

const MINUTE_MS = 500;
const HOUR_MS = 60 * MINUTE_MS;
const TOKEN_SECONDS = (30 * MINUTE_MS) / 1000;
const QUERY = `?tick=${MINUTE_MS}&threshold=${(10 * MINUTE_MS) / 1000}`;
const ROUNDS = Number(process.env.TAB_TRAFFIC_ROUNDS ?? 2);
const ONLY_ONE_AFTER_ANOTHER = process.env.TAB_TRAFFIC_ONLY === "after";

type Opening = "one tab" | "together" | "one after another";

/** Keeps every core busy until stopped (a saturated CPU: the tabs' tasks and messages run late). */
function saturateCpu(): () => Promise<void> {
  const workers = cpus().map(() => new Worker("for (;;) {}", { eval: true }));
  return async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  };
}

/** One simulated hour: opens the tabs, waits the hour out, and counts the refresh requests sent in it. */
async function hour(browser: Browser, server: TabsServer, opening: Opening, saturated: boolean): Promise<number> {
  const context = await browser.newContext();
  const stopSaturating = saturated ? saturateCpu() : null;
  try {
    const started = Date.now();
    const open = async () => (await context.newPage()).goto(`${server.url}/app${QUERY}`);
    if (opening === "one tab") await open();
    if (opening === "together") await Promise.all(Array.from({ length: 5 }, open));
    if (opening === "one after another") {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, started + i * 6 * MINUTE_MS - Date.now()));
        await open();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, started + HOUR_MS - Date.now()));
    return server.refreshTimes.filter((time) => time >= started && time < started + HOUR_MS).length;
  } finally {
    await stopSaturating?.();
    await context.close();
  }
}

/** "count×rounds" for each count seen, lowest first (e.g. "4×18, 5×2"). */
const distribution = (counts: number[]) =>
  [...new Set(counts)]
    .sort((a, b) => a - b)
    .map((count) => `${count}×${counts.filter((c) => c === count).length}`)
    .join(", ");

const spread = (counts: number[]) =>
  `${median(counts)} (${Math.min(...counts)}–${Math.max(...counts)} over ${counts.length} rounds: ${distribution(counts)})`;

/** Runs every scenario `ROUNDS` times and prints the counts. */
export async function runRefreshTrafficChromium(): Promise<void> {
  const server = await startTabsServer(TOKEN_SECONDS);
  const browser = await launchChromium();
  try {
    console.log(
      `Refresh traffic in headless Chromium: refresh requests in 1 simulated hour (1 min = ${MINUTE_MS} ms; 30-minute tokens, a check every minute, a refresh under 10 minutes left)`,
    );
    const scenarios: [Opening, boolean][] = ONLY_ONE_AFTER_ANOTHER
      ? [["one after another", false]]
      : [
          ["one tab", false],
          ["together", false],
          ["one after another", false],
          ["together", true],
          ["one after another", true],
        ];
    for (const [opening, saturated] of scenarios) {
      const counts: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        counts.push(await hour(browser, server, opening, saturated));
        if (ROUNDS > 2) console.log(`    round ${round + 1}: ${counts.at(-1)}`); // a long run shows its progress
      }
      const label = opening === "one tab" ? "1 tab (the aim for 5)" : `5 tabs opened ${opening}`;
      console.log(`  ${label.padEnd(32)} ${saturated ? "saturated CPU" : "quiet CPU    "}  ${spread(counts)}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRefreshTrafficChromium();
