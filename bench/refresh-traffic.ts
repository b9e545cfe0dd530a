/**
 * Refresh traffic (part of `npm run bench`; also `npx tsx bench/refresh-traffic.ts` alone): how many
 * `GET /api/v1/refresh_token` requests several tabs of one browser send the auth server in one simulated
 * hour, counted by a fake server on a virtual clock (bench/sim/), with the default timing (a check every 60 s,
 * a refresh when under 600 s remain, a focus re-check when over 120 s since the last one). Tokens live
 * 1800 s, the server answers in 20 ms, tab messages and storage events arrive after 1 ms, tab i opens
 * i × 6 s into the hour. Each figure is a ratio against a baseline from the same process:
 *  1. logged in, 1/2/5/10 tabs: the engine with cross-tab coordination (channel + locks) vs the same engine
 *     with neither (each tab refreshes on its own, as the vendor's client does);
 *  2. 5 logged-out tabs (401): the engine vs a model of the vendor's client built from its documented
 *     behaviour (a refresh every 60 s per tab while logged out) — a computation, not a run of its code;
 *  3. 5 logged-in tabs, the user switching to the next tab every minute (each tab focused every 5 min);
 *  4. 5 logged-in tabs opened together (5 ms apart, a restored session), with tab messages arriving after
 *     1 ms and, as on a saturated CPU where tabs are slow to run, after 2 s.
 * Deterministic: fixed offsets, no randomness in what is counted.
 */
import { pathToFileURL } from "node:url";
import { createAuthClient } from "../src/session/create-auth-client.js";
import { tabSync } from "../src/session/tab-coordinator.js";
import type { RefreshReason } from "../src/session/events.js";
import { DEFAULT_TIMING } from "../src/session/options.js";
import type { AuthClient } from "../src/session/types.js";
import { SIM_AUTH_URL, SimBrowser } from "./sim/fake-browser.js";
import { VirtualClock } from "./sim/virtual-clock.js";

const HOUR_MS = 3_600_000;
const TAB_OPEN_STEP_MS = 6_000;
const TAB_SWITCH_EVERY_MS = 60_000;

/** One simulated hour. */
interface Scenario {
  tabs: number;
  coordinated: boolean;
  loggedIn: boolean;
  /** Switch the user to the next tab (visible + focus) every TAB_SWITCH_EVERY_MS. */
  tabSwitching?: boolean;
  /** Milliseconds between tab openings (default TAB_OPEN_STEP_MS; a few ms: opened together). */
  openStepMs?: number;
  /** How late tab messages arrive (default 1 ms; seconds: tabs too busy to read them, as on a saturated CPU). */
  messageLatencyMs?: number;
}

/** What the server saw, and why the tabs sent it (from the engines' own `refresh_succeeded` events). */
interface Traffic {
  requests: number;
  byReason: Partial<Record<RefreshReason, number>>;
}

/** Runs one scenario for one simulated hour and counts the refresh requests the server received. */
async function simulateHour(scenario: Scenario): Promise<Traffic> {
  const clock = new VirtualClock();
  const start = clock.now();
  const browser = new SimBrowser(clock);
  browser.server.loggedIn = scenario.loggedIn;
  if (scenario.messageLatencyMs !== undefined) browser.messageLatencyMs = scenario.messageLatencyMs;
  const byReason: Traffic["byReason"] = {};
  let failures = 0;
  const clients: AuthClient[] = [];
  const tabs = Array.from({ length: scenario.tabs }, () => browser.openTab({ coordinated: scenario.coordinated }));
  tabs.forEach((tab, i) => {
    clock.schedule(
      () => {
        const client = createAuthClient({
          authUrl: SIM_AUTH_URL,
          environment: tab.env,
          tabs: tabSync,
          onEvent: (event) => {
            if (event.type === "refresh_succeeded") byReason[event.reason] = (byReason[event.reason] ?? 0) + 1;
            if (event.type === "refresh_failed" || event.type === "validation_failed") failures++;
          },
        });
        clients.push(client);
        client.start();
      },
      i * (scenario.openStepMs ?? TAB_OPEN_STEP_MS),
    );
  });
  if (scenario.tabSwitching) {
    for (let at = TAB_SWITCH_EVERY_MS / 2, k = 0; at < HOUR_MS; at += TAB_SWITCH_EVERY_MS, k++) {
      const tab = tabs[k % tabs.length]!;
      clock.schedule(() => {
        tab.wake("visible");
        tab.wake("focus");
      }, at);
    }
  }
  await clock.runUntil(start + HOUR_MS - 1);
  for (const client of clients) client.destroy();
  const requests = browser.server.refreshRequests.length;
  const explained = Object.values(byReason).reduce((sum, n) => sum + n, 0);
  if (failures > 0 || explained !== requests) {
    throw new Error(
      `refresh-traffic: the simulation misbehaved (${failures} failures, ${requests} requests, ${explained} explained)`,
    );
  }
  return { requests, byReason };
}

/** The vendor's documented logged-out behaviour as a formula: each tab refreshes on load, then every 60 s. */
function vendorLoggedOutModel(tabs: number): number {
  let requests = 0;
  for (let i = 0; i < tabs; i++)
    requests += Math.ceil((HOUR_MS - i * TAB_OPEN_STEP_MS) / DEFAULT_TIMING.backgroundCheckIntervalMs);
  return requests;
}

const reasons = (traffic: Traffic) =>
  Object.entries(traffic.byReason)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(" + ");
const ratio = (ours: number, baseline: number) => `${(ours / baseline).toFixed(ours / baseline < 0.1 ? 3 : 2)}×`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => (c === 0 || c >= 5 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Runs every scenario and prints the table and one ratio line per scenario. */
export async function runRefreshTraffic(): Promise<void> {
  // The session's validators load with import() (a chunk of their own in an app): loaded here first, since the
  // virtual clock runs an hour in moments and a module read from disk would arrive after it.
  await import("../src/generated/validators/session.js");
  const rows = [["scenario", "tabs", "ours/h", "baseline/h", "ratio", "ours by reason", "baseline by reason"]];
  const loggedInRatios: string[] = [];
  for (const tabs of [1, 2, 5, 10]) {
    const ours = await simulateHour({ tabs, coordinated: true, loggedIn: true });
    const baseline = await simulateHour({ tabs, coordinated: false, loggedIn: true });
    rows.push([
      "1. logged in, coordinated vs per-tab",
      String(tabs),
      String(ours.requests),
      String(baseline.requests),
      ratio(ours.requests, baseline.requests),
      reasons(ours),
      reasons(baseline),
    ]);
    loggedInRatios.push(
      `${tabs} tab${tabs === 1 ? "" : "s"} ${ratio(ours.requests, baseline.requests)} (${ours.requests} vs ${baseline.requests})`,
    );
  }
  const loggedOut = await simulateHour({ tabs: 5, coordinated: true, loggedIn: false });
  const vendorModel = vendorLoggedOutModel(5);
  rows.push([
    "2. logged out (401), ours vs vendor model*",
    "5",
    String(loggedOut.requests),
    String(vendorModel),
    ratio(loggedOut.requests, vendorModel),
    reasons(loggedOut),
    "1 on load + 1 per 60 s per tab (model)",
  ]);
  const switching = await simulateHour({ tabs: 5, coordinated: true, loggedIn: true, tabSwitching: true });
  const switchingBaseline = await simulateHour({ tabs: 5, coordinated: false, loggedIn: true, tabSwitching: true });
  rows.push([
    "3. tab switch every 60 s, coordinated vs per-tab",
    "5",
    String(switching.requests),
    String(switchingBaseline.requests),
    ratio(switching.requests, switchingBaseline.requests),
    reasons(switching),
    reasons(switchingBaseline),
  ]);

  const togetherRatios: string[] = [];
  for (const [label, messageLatencyMs] of [
    ["quiet", 1],
    ["saturated: tab messages 2 s late", 2_000],
  ] as const) {
    const together = { tabs: 5, loggedIn: true, openStepMs: 5, messageLatencyMs };
    const ours = await simulateHour({ ...together, coordinated: true });
    const baseline = await simulateHour({ ...together, coordinated: false });
    rows.push([
      `4. opened together, ${label}`,
      "5",
      String(ours.requests),
      String(baseline.requests),
      ratio(ours.requests, baseline.requests),
      reasons(ours),
      reasons(baseline),
    ]);
    togetherRatios.push(`${label} ${ours.requests} vs ${baseline.requests}`);
  }

  console.log(
    "refresh traffic: refresh requests in 1 simulated hour (virtual clock; token 1800 s, 60 s check, refresh under 600 s left)",
  );
  console.log(table(rows));
  console.log(
    "  * the vendor column is a model computed from its documented logged-out behaviour, not a run of its code; it leaves out its refresh on every focus",
  );
  console.log(`1. logged in, coordinated vs per-tab: ${loggedInRatios.join(", ")}`);
  console.log(
    `2. 5 logged-out tabs, ours vs vendor model: ${ratio(loggedOut.requests, vendorModel)} (${loggedOut.requests} vs ${vendorModel})`,
  );
  console.log(
    `3. 5 tabs switched every 60 s, coordinated vs per-tab: ${ratio(switching.requests, switchingBaseline.requests)} (${switching.requests} vs ${switchingBaseline.requests})`,
  );
  console.log(`4. 5 tabs opened together (5 ms apart), coordinated vs per-tab: ${togetherRatios.join("; ")} (aim ≤ 4)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRefreshTraffic();
