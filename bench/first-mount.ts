/**
 * First mount in headless Chromium (part of `npm run bench`): the same page written with orgauth and with the
 * vendor's SDK (bench/apps/mount-*.tsx, bundled from the packed package as an app's production build would:
 * code splitting, minified, production React), its chunks served gzipped with a mock refresh endpoint on
 * 127.0.0.1 that answers after 20 ms and counts requests. The HTML preloads the chunks the entry imports, as a
 * production build's HTML does (Vite's `modulepreload` links).
 *  1. One tab, fresh browser context each load, `LOADS` loads of each library alternating, on loopback and on a
 *     throttled network (Chromium's network emulation, `THROTTLED`): navigation start to "logged in" rendered,
 *     to the refresh request leaving, from the end of the bundle to that request and from its answer to "logged in"
 *     (medians; orgauth / vendor per round, with the spread), and how often that request had to open a connection.
 *  2. Five tabs of one context opened at the same moment: refresh requests sent, on a quiet CPU and with the
 *     CPU throttled 10× in every tab (Chromium's CPU throttling).
 *  3. A second tab opened once the first renders "logged in": the refresh requests it sends.
 * Loads of the two libraries alternate, so machine noise falls on both.
 */
import { build, type Metafile } from "esbuild";
import { basename } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../test/support/chromium.js";
import { startLocalServer, type LocalServer } from "../test/support/local-server.js";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { refreshBody } from "../test/support/refresh-body.js";
import type {} from "./apps/mount-marks.js";
import { median, ratioWithSpread } from "./spread.js";

const LIBRARIES = ["orgauth", "vendor"] as const;
type Library = (typeof LIBRARIES)[number];
const LOADS = 20;
const TABS = 5;
const SERVER_DELAY_MS = 20;
/**
 * The throttled network: Lighthouse's mobile profile ("slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up), applied by Chromium's network emulation (CDP `Network.emulateNetworkConditions`) to every request.
 */
const THROTTLED = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
} as const;
interface MountTiming {
  bundleEndToRequestMs: number;
  loadToRequestMs: number;
  loadToLoggedInMs: number;
  /** From the refresh answer's last byte to "logged in" rendered: the page's work on the answer. */
  answerToLoggedInMs: number;
  /** The refresh request waited for a connection of its own (the page's others were busy with its chunks). */
  newConnection: boolean;
}

/** A page's files by path (`/<library>/<chunk>.js`), gzipped as a production server sends them. */
type PageFiles = Map<string, Buffer>;

/**
 * The chunks each page's entry imports statically (directly or through another), by path: a production build's HTML
 * names them with `<link rel="modulepreload">` (Vite does), so the browser fetches them beside the entry instead of
 * one round trip after it. `FIRST_MOUNT_NO_PRELOAD=1` serves the entry alone, as a hand-written HTML would.
 */
type PagePreloads = Record<Library, string[]>;

/** The chunks `entry` imports statically, transitively, by output path (esbuild's metafile). */
function staticImports(outputs: Metafile["outputs"], entry: string): string[] {
  const found = new Set<string>();
  const visit = (path: string) => {
    for (const { path: imported, kind } of outputs[path]?.imports ?? []) {
      if (kind !== "import-statement" || found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(entry);
  return [...found];
}

/** Bundles both pages from the packed package (code splitting, minified, production React). */
async function bundlePages(): Promise<{ files: PageFiles; preloads: PagePreloads }> {
  const packed = createPackedApp();
  const files: PageFiles = new Map();
  const preloads: PagePreloads = { orgauth: [], vendor: [] };
  try {
    packed.copy("bench/apps", "apps");
    for (const library of LIBRARIES) {
      const result = await build({
        entryPoints: { index: `${packed.dir}/apps/mount-${library}.tsx` },
        bundle: true,
        splitting: true,
        outdir: `${packed.dir}/out-${library}`,
        minify: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        jsx: "automatic",
        define: { "process.env.NODE_ENV": '"production"' },
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      for (const file of result.outputFiles)
        files.set(`/${library}/${basename(file.path)}`, gzipSync(file.contents, { level: 9 }));
      const entry = Object.keys(result.metafile.outputs).find((path) => basename(path) === "index.js") ?? "";
      preloads[library] = staticImports(result.metafile.outputs, entry).map((path) => `/${library}/${basename(path)}`);
    }
    return { files, preloads };
  } finally {
    packed.remove();
  }
}

/** The `<link rel="modulepreload">` of each chunk (none with `FIRST_MOUNT_NO_PRELOAD=1`). */
function preloadLinks(chunks: string[]): string {
  if (process.env.FIRST_MOUNT_NO_PRELOAD === "1") return "";
  return chunks.map((chunk) => `<link rel="modulepreload" href="${chunk}">`).join("");
}

/** The page server: each library's page and bundle, and a refresh endpoint that counts what it answers. */
async function startServer({
  files,
  preloads,
}: {
  files: PageFiles;
  preloads: PagePreloads;
}): Promise<{ server: LocalServer; origin: string; refreshes: () => number; reset: () => void }> {
  let count = 0;
  const server = await startLocalServer(
    (req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const file = files.get(path);
      if (file)
        return void res
          .writeHead(200, {
            "Content-Type": "text/javascript",
            "Content-Encoding": "gzip",
            "Cache-Control": "no-store",
          })
          .end(file);
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
            `<!doctype html><title>${page}</title>${preloadLinks(preloads[page])}<div id="root"></div><script type="module" src="/${page}/index.js"></script>`,
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

/** One load in a fresh context, on the throttled network when `throttled`. */
async function oneLoad(browser: Browser, url: string, throttled: boolean): Promise<MountTiming> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", THROTTLED);
    }
    await page.goto(url);
    await waitForLoggedIn(page);
    return await page.evaluate(() => {
      const request = performance
        .getEntriesByType("resource")
        .find((entry) => entry.name.includes("/api/v1/refresh_token")) as PerformanceResourceTiming;
      return {
        bundleEndToRequestMs: request.startTime - window.bundleEndMs!,
        loadToRequestMs: request.startTime,
        loadToLoggedInMs: window.loggedInMs!,
        answerToLoggedInMs: window.loggedInMs! - request.responseEnd,
        newConnection: request.connectEnd > request.fetchStart, // a reused connection reports fetchStart for both
      };
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
  const initial = (library: Library) => [`/${library}/index.js`, ...pages.preloads[library]];
  const entryBytes = (library: Library) =>
    initial(library).reduce((sum, path) => sum + (pages.files.get(path)?.length ?? 0), 0) / 1024;
  const files = (library: Library) => `${initial(library).length} file${initial(library).length > 1 ? "s" : ""}`;
  console.log(
    `Page JS before it runs (gzip, React included): orgauth ${entryBytes("orgauth").toFixed(2)} KB in ${files("orgauth")}, vendor ${entryBytes("vendor").toFixed(2)} KB in ${files("vendor")}; ${process.env.FIRST_MOUNT_NO_PRELOAD === "1" ? "the entry alone in the HTML (FIRST_MOUNT_NO_PRELOAD=1)" : "the entry's chunks preloaded as Vite's HTML does"}`,
  );
  const server = await startServer(pages);
  const browser = await launchChromium();
  try {
    for (const throttled of [false, true]) {
      const timings: Record<Library, MountTiming[]> = { orgauth: [], vendor: [] };
      for (let i = 0; i < LOADS; i++) {
        // alternating, and each library first in every other round
        const order = i % 2 === 0 ? LIBRARIES : [...LIBRARIES].reverse();
        for (const library of order)
          timings[library].push(await oneLoad(browser, `${server.origin}/${library}`, throttled));
      }
      const network = throttled ? "throttled network (150 ms RTT, 1.6 Mbit/s down)" : "loopback";
      console.log(`First mount in headless Chromium, ${network}: ${LOADS} loads each, alternating, production build`);
      for (const [key, label] of [
        ["loadToLoggedInMs", 'navigation start → "logged in" rendered'],
        ["loadToRequestMs", "navigation start → refresh request leaves"],
        ["bundleEndToRequestMs", "end of bundle → refresh request"],
        ["answerToLoggedInMs", 'refresh answer → "logged in" rendered'],
      ] as const) {
        const perLoad = (library: Library) => timings[library].map((timing) => timing[key]);
        const spread = (library: Library) =>
          `${median(perLoad(library)).toFixed(1)} ms (${Math.min(...perLoad(library)).toFixed(1)}–${Math.max(...perLoad(library)).toFixed(1)})`;
        console.log(
          `  ${label.padEnd(42)} orgauth ${spread("orgauth")}, vendor ${spread("vendor")}, ratio ${ratioWithSpread(perLoad("orgauth"), perLoad("vendor"))}`,
        );
      }
      const opened = (library: Library) => timings[library].filter((timing) => timing.newConnection).length;
      console.log(
        `  ${"refresh request on a new connection".padEnd(42)} orgauth ${opened("orgauth")} of ${LOADS}, vendor ${opened("vendor")} of ${LOADS}`,
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
