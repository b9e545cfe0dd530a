/**
 * First mount in headless Chromium (part of `npm run bench`): the same page written with orgauth and with the
 * vendor's SDK (bench/apps/mount-*.tsx, bundled from the packed package as an app would, production React),
 * served with a mock refresh endpoint on 127.0.0.1 that answers after 20 ms and counts requests.
 *  1. One tab, fresh browser context each load: from the end of the bundle to the refresh request, and from
 *     navigation start to "logged in" rendered (medians; orgauth / vendor).
 *  2. Five tabs of one context opened at the same moment: refresh requests sent, on a quiet CPU and with the
 *     CPU throttled 10× in every tab (Chromium's CPU throttling).
 *  3. A second tab opened once the first renders "logged in": the refresh requests it sends.
 * Loads of the two libraries alternate, so machine noise falls on both.
 */
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../test/support/chromium.js";
import { startLocalServer, type LocalServer } from "../test/support/local-server.js";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { refreshBody } from "../test/support/refresh-body.js";
import type {} from "./apps/mount-marks.js";
import { median, ratioWithSpread } from "./spread.js";

const LIBRARIES = ["orgauth", "vendor"] as const;
type Library = (typeof LIBRARIES)[number];
const LOADS = 15;
const TABS = 5;
const SERVER_DELAY_MS = 20;
interface MountTiming {
  bundleEndToRequestMs: number;
  loadToLoggedInMs: number;
}

/** Bundles both pages from the packed package (minified, production React). */
async function bundlePages(): Promise<Record<Library, string>> {
  const packed = createPackedApp();
  try {
    packed.copy("bench/apps", "apps");
    const pages = {} as Record<Library, string>;
    for (const library of LIBRARIES) {
      const result = await build({
        entryPoints: [`${packed.dir}/apps/mount-${library}.tsx`],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        jsx: "automatic",
        define: { "process.env.NODE_ENV": '"production"' },
        write: false,
        logLevel: "silent",
      });
      pages[library] = result.outputFiles[0]!.text;
    }
    return pages;
  } finally {
    packed.remove();
  }
}

/** The page server: each library's page and bundle, and a refresh endpoint that counts what it answers. */
async function startServer(
  pages: Record<Library, string>,
): Promise<{ server: LocalServer; origin: string; refreshes: () => number; reset: () => void }> {
  let count = 0;
  const server = await startLocalServer(
    (req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const library = LIBRARIES.find((name) => path === `/${name}.js`);
      if (library) return void res.writeHead(200, { "Content-Type": "text/javascript" }).end(pages[library]);
      if (path === "/api/v1/refresh_token") {
        count++;
        return void setTimeout(
          () =>
            res
              .writeHead(200, { "Content-Type": "application/json" })
              .end(JSON.stringify(refreshBody(Date.now(), 1800))),
          SERVER_DELAY_MS,
        );
      }
      if (path === "/favicon.ico") return void res.writeHead(204).end();
      const page = LIBRARIES.find((name) => path === `/${name}`);
      if (page)
        return void res
          .writeHead(200, { "Content-Type": "text/html" })
          .end(
            `<!doctype html><title>${page}</title><div id="root"></div><script type="module" src="/${page}.js"></script>`,
          );
      res.writeHead(404).end();
    },
    { record: false },
  );
  return {
    server,
    origin: server.url,
    refreshes: () => count,
    reset: () => {
      count = 0;
    },
  };
}

async function waitForLoggedIn(page: Page): Promise<void> {
  await page.waitForFunction(() => window.loggedInMs !== undefined, undefined, { timeout: 60_000 });
}

async function oneLoad(browser: Browser, url: string): Promise<MountTiming> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await waitForLoggedIn(page);
    return await page.evaluate(() => {
      const request = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/v1/refresh_token"))!;
      return { bundleEndToRequestMs: request.startTime - window.bundleEndMs!, loadToLoggedInMs: window.loggedInMs! };
    });
  } finally {
    await context.close();
  }
}

/** Opens `TABS` tabs of one context at the same moment; resolves with the refresh requests they sent. */
async function tabsTogether(
  browser: Browser,
  url: string,
  cpuThrottling: number,
  server: { refreshes: () => number; reset: () => void },
): Promise<number> {
  const context: BrowserContext = await browser.newContext();
  try {
    const pages = await Promise.all(Array.from({ length: TABS }, () => context.newPage()));
    if (cpuThrottling > 1) {
      for (const page of pages)
        await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpuThrottling });
    }
    server.reset();
    await Promise.all(pages.map((page) => page.goto(url)));
    await Promise.all(pages.map(waitForLoggedIn));
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a late tab's request still counts
    return server.refreshes();
  } finally {
    await context.close();
  }
}

/** Opens a tab, then (once it renders "logged in") a second one; resolves with the refresh requests the second sent. */
async function secondTab(
  browser: Browser,
  url: string,
  server: { refreshes: () => number; reset: () => void },
): Promise<number> {
  const context = await browser.newContext();
  try {
    const first = await context.newPage();
    await first.goto(url);
    await waitForLoggedIn(first);
    server.reset();
    const second = await context.newPage();
    await second.goto(url);
    await waitForLoggedIn(second);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a late request still counts
    return server.refreshes();
  } finally {
    await context.close();
  }
}

/** Runs the first-mount measurements and prints them side by side. */
export async function runFirstMount(): Promise<void> {
  const pages = await bundlePages();
  const server = await startServer(pages);
  const browser = await launchChromium();
  try {
    const timings: Record<Library, MountTiming[]> = { orgauth: [], vendor: [] };
    for (let i = 0; i < LOADS; i++) {
      for (const library of LIBRARIES) timings[library].push(await oneLoad(browser, `${server.origin}/${library}`));
    }
    const medianOf = (library: Library, key: keyof MountTiming) =>
      median(timings[library].map((timing) => timing[key]));
    console.log(`First mount in headless Chromium (median of ${LOADS} loads each, production build)`);
    for (const [key, label] of [
      ["bundleEndToRequestMs", "end of bundle → refresh request"],
      ["loadToLoggedInMs", 'navigation start → "logged in" rendered'],
    ] as const) {
      const ours = medianOf("orgauth", key);
      const vendor = medianOf("vendor", key);
      const perLoad = (library: Library) => timings[library].map((timing) => timing[key]);
      console.log(
        `  ${label.padEnd(42)} orgauth ${ours.toFixed(1)} ms, vendor ${vendor.toFixed(1)} ms, ratio ${ratioWithSpread(perLoad("orgauth"), perLoad("vendor"))}`,
      );
    }
    console.log(`${TABS} tabs of one browser opened at the same moment: initial refresh requests`);
    for (const throttling of [1, 10]) {
      const counts = [];
      for (const library of LIBRARIES)
        counts.push(`${library} ${await tabsTogether(browser, `${server.origin}/${library}`, throttling, server)}`);
      console.log(`  ${throttling === 1 ? "quiet CPU" : `CPU throttled ${throttling}×`}: ${counts.join(", ")}`);
    }
    const second: Record<Library, number[]> = { orgauth: [], vendor: [] };
    for (let round = 0; round < 3; round++) {
      for (const library of LIBRARIES)
        second[library].push(await secondTab(browser, `${server.origin}/${library}`, server));
    }
    const counts = LIBRARIES.map(
      (library) =>
        `${library} ${median(second[library])} (${Math.min(...second[library])}–${Math.max(...second[library])} over 3 rounds)`,
    );
    console.log(`A second tab opened while the first is logged in: its refresh requests: ${counts.join(", ")}`);
  } finally {
    await browser.close();
    await server.server.close();
  }
}
