/**
 * Refresh requests per mode in headless Chromium (part of `npm run bench`; also `npx tsx bench/refresh-traffic-modes.ts`):
 * five tabs of one browser opened one after another (one every 6 minutes) keep a 30-minute session for one hour, each
 * with one session client at its default timing (a check every 60 s, a refresh under 10 minutes left, a focus re-check
 * after 120 s): orgauth's `createAuthClient` alone, the same with `tabs: tabSync`, and the vendor's `createClient`.
 * The page's clock runs 120 times faster than real time (bench/sim/time-warp.ts: 1 simulated minute = 0.5 s) and the
 * page server stamps its tokens with the same clock; it counts the refresh requests of the hour. The modes alternate
 * within each round, so machine noise falls on all three; each count is printed with its spread over the rounds.
 */
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { launchChromium } from "../test/support/chromium.js";
import { bundleBrowserScript } from "../test/support/browser-script.js";
import { startLocalServer } from "../test/support/local-server.js";
import { refreshBody } from "../test/support/refresh-body.js";
import { median } from "./spread.js";
import { timeWarpScript, type Warp, warpedNow } from "./sim/time-warp.js";

const FACTOR = 120;
const MINUTE_MS = 60_000 / FACTOR;
const TOKEN_SECONDS = 30 * 60;
const TABS = 5;
const ROUNDS = Number(process.env.TAB_TRAFFIC_ROUNDS ?? 3);
const MODES = {
  "orgauth, createAuthClient alone": "orgauth",
  "orgauth, tabs: tabSync": "orgauth-tabsync",
  "vendor's createClient": "vendor",
} as const;
type Mode = keyof typeof MODES;

/** The page server: the page, and a refresh endpoint answering tokens on the warped clock (`warp.startMs` set per hour). */
async function startPageServer(warp: Warp) {
  const script = await bundleBrowserScript(new URL("./sim/traffic-page.ts", import.meta.url));
  const refreshTimes: number[] = [];
  const server = await startLocalServer(
    (req, res) => {
      const path = new URL(req.url, "http://x").pathname;
      if (path === "/bundle.js") return void res.writeHead(200, { "Content-Type": "text/javascript" }).end(script);
      if (path === "/api/v1/refresh_token") {
        refreshTimes.push(Date.now());
        const now = warpedNow(warp);
        const body = refreshBody(now, TOKEN_SECONDS, { access_token: `tok_${refreshTimes.length}` });
        const headers = { "Content-Type": "application/json", Date: new Date(now).toUTCString() };
        return void res.writeHead(200, headers).end(JSON.stringify(body));
      }
      if (path === "/favicon.ico") return void res.writeHead(404).end();
      res
        .writeHead(200, { "Content-Type": "text/html" })
        .end('<!doctype html><title>t</title><script type="module" src="/bundle.js"></script>');
    },
    { record: false },
  );
  return { url: server.url, refreshTimes, close: () => server.close() };
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** One simulated hour of `mode`: opens the tabs one after another and counts the refresh requests of the hour. */
async function hour(browser: Browser, server: Awaited<ReturnType<typeof startPageServer>>, warp: Warp, mode: Mode) {
  warp.startMs = Date.now();
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: timeWarpScript(warp) });
    const started = warp.startMs;
    for (let tab = 0; tab < TABS; tab++) {
      await sleepUntil(started + tab * 6 * MINUTE_MS);
      await (await context.newPage()).goto(`${server.url}/?client=${MODES[mode]}&factor=${FACTOR}`);
    }
    await sleepUntil(started + 60 * MINUTE_MS);
    return server.refreshTimes.filter((time) => time >= started && time < started + 60 * MINUTE_MS).length;
  } finally {
    await context.close();
  }
}

const spread = (counts: number[]) =>
  `${median(counts)} (${Math.min(...counts)}–${Math.max(...counts)} over ${counts.length} rounds)`;

/** Runs the three modes, alternating, `ROUNDS` times and prints each one's count. */
export async function runRefreshTrafficModes(): Promise<void> {
  const warp: Warp = { startMs: Date.now(), factor: FACTOR };
  const server = await startPageServer(warp);
  const browser = await launchChromium();
  try {
    const counts = new Map<Mode, number[]>(Object.keys(MODES).map((mode) => [mode as Mode, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of Object.keys(MODES) as Mode[]) counts.get(mode)!.push(await hour(browser, server, warp, mode));
    }
    console.log(
      `Refresh requests by mode in headless Chromium: ${TABS} tabs opened one after another (one every 6 minutes), 1 simulated hour, default timing, 30-minute tokens (1 min = ${MINUTE_MS} ms)`,
    );
    for (const [mode, modeCounts] of counts) console.log(`  ${mode.padEnd(34)} ${spread(modeCounts)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runRefreshTrafficModes();
