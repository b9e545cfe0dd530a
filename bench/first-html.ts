/**
 * First HTML (part of `npm run bench`): the same minimal App Router app on orgauth/nextjs (from the packed package)
 * and on `@propelauth/nextjs` (bench/first-html-apps.ts), each built and served by `next start` against one
 * emulator; a browser signs in once per app through its server flow, then its cookies fetch pages: the signed-in
 * dashboard (the user read from the cookie, locally), the signed-in profile (the same with a client component that
 * shows the user) and the dashboard signed out (a redirect, no read). Contenders take turns request by request
 * within each round (which goes first alternating); per row the time to the whole HTML and the server's CPU per
 * request (the `next start` process tree's, from /proc); medians with spread, and orgauth's figure over the provider
 * library's per round. Then the browser JS (gz) of each library's signed-in dashboard over the same page of an app
 * without auth. Options from the environment (bench/first-html-options.ts): `FIRST_HTML_ROUNDS`,
 * `FIRST_HTML_BASELINE` (an earlier orgauth's tarball as a third contender: a change before → after in one run),
 * `FIRST_HTML_TARBALL` (orgauth from that tarball, the tree not built), `FIRST_HTML_CPU_PROF` (each server's CPU
 * profile, and each row's HTML).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { freePort } from "../scripts/lib/prism.js";
import { createEmulator } from "../src/emulator/index.js";
import { runIn, serve, type ExampleServer } from "../test/frameworks/example-apps.js";
import { signInOnServerLogin } from "../test/frameworks/hosted-login.js";
import { OWNER, serverSessionSeed } from "../test/frameworks/seed.js";
import { launchChromium } from "../test/support/chromium.js";
import { FIRST_HTML_APPS, NO_AUTH_APP, writeFirstHtmlApp } from "./first-html-apps.js";
import { cpuProfileArgs, firstHtmlOptions, installTarballInto } from "./first-html-options.js";
import { pageJsGzipBytes } from "./page-js.js";
import { processTreeCpuReader } from "./process-cpu.js";
import { median, ratioWithSpread } from "./spread.js";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const PER_ROUND = 10;

/** The name of the third contender: orgauth from `FIRST_HTML_BASELINE`'s tarball. */
const BASELINE = "orgauth (baseline)";

/** One request (alone on the connection): milliseconds until the whole HTML arrived, and its length (characters). */
async function fetchPage(url: string, cookie: string | undefined): Promise<{ ms: number; length: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (cookie && response.status !== 200) throw new Error(`${url} answered ${response.status} signed in`);
  const length = (await response.text()).length;
  return { ms: performance.now() - started, length };
}

/** Each row's HTML, into `dir` beside the servers' CPU profiles (what the profiles rendered). */
async function writePages(dir: string, rows: { name: string; url: string; cookie: string | undefined }[]) {
  for (const [index, { name, url, cookie }] of rows.entries()) {
    const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    writeFileSync(join(dir, `${index}-${name.replace(/[^a-z0-9-]+/gi, "-")}.html`), await response.text());
  }
}

/** A row's figures as "median (min–max)". */
const withSpread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Builds and serves both apps, signs in once on each, and prints the time to the first HTML of each page. */
export async function runFirstHtml(): Promise<void> {
  const started = performance.now();
  const { rounds, baselineTarball, tarball, cpuProfileDir } = firstHtmlOptions();
  // with a tarball given, the packed app only provides the dependencies: the tree is not built for it
  const app = createPackedApp({ build: tarball === undefined });
  const emulator = await createEmulator({ seed: { ...serverSessionSeed, settings: {} } });
  const servers: ExampleServer[] = [];
  try {
    const next = join(app.dir, "node_modules", "next", "dist", "bin", "next");
    const contenders: [string, Record<string, string>][] = Object.entries(FIRST_HTML_APPS);
    if (baselineTarball) contenders.push([BASELINE, FIRST_HTML_APPS.orgauth]);
    const names = contenders.map(([name]) => name);
    const dirs = [...contenders.map(([, files]) => files), NO_AUTH_APP].map((files, index) => {
      const dir = join(app.dir, `first-html-${index}`);
      writeFirstHtmlApp(dir, files);
      if (names[index] === BASELINE) installTarballInto(dir, baselineTarball!);
      if (index === 0 && tarball) installTarballInto(dir, tarball);
      return dir;
    });
    await Promise.all(dirs.map((dir) => runIn(dir, [next, "build"], { NEXT_TELEMETRY_DISABLED: "1" })));
    const urls: string[] = []; // the contenders', then the no-auth app's
    for (const [index, dir] of dirs.entries()) {
      const port = await freePort();
      const appUrl = `http://127.0.0.1:${port}`;
      urls.push(appUrl);
      const env = {
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_PUBLIC_AUTH_URL: emulator.url,
        PROPELAUTH_API_KEY: emulator.apiKey,
        PROPELAUTH_VERIFIER_KEY: emulator.tokenVerification.verifierKey,
        PROPELAUTH_REDIRECT_URI: `${appUrl}/api/auth/callback`,
      };
      servers.push(
        await serve(
          dir,
          [
            ...cpuProfileArgs(cpuProfileDir, names[index] ?? "no-auth"),
            next,
            "start",
            "-H",
            "127.0.0.1",
            "-p",
            String(port),
          ],
          appUrl,
          env,
        ),
      );
    }
    const browser = await launchChromium();
    try {
      const cookies: string[] = [];
      for (const appUrl of urls.slice(0, names.length)) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${appUrl}/dashboard`);
        await signInOnServerLogin(page, emulator.url, OWNER);
        await page.waitForURL((url) => url.origin === appUrl);
        cookies.push((await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; "));
        await context.close();
      }
      const pages = [
        ["signed-in dashboard (server component)", "/dashboard", true],
        ["signed-in profile (with a client component)", "/profile", true],
        ["signed out (a redirect)", "/dashboard", false],
      ] as const;
      // rows by page, the contenders side by side: the per-round ratios pair them
      const cpuOf = servers.map(({ pid }) => processTreeCpuReader(pid) ?? (() => Number.NaN));
      const rows = pages.flatMap(([page, path, signedIn]) =>
        names.map((name, index) => ({
          name,
          page,
          url: `${urls[index]}${path}`,
          cookie: signedIn ? cookies[index] : undefined,
          cpu: cpuOf[index]!,
        })),
      );
      const ms = rows.map(() => [] as number[]);
      const cpu = rows.map(() => [] as number[]);
      const lengths = rows.map(() => 0);
      for (const row of rows) await fetchPage(row.url, row.cookie); // warm up
      for (let round = 0; round < rounds; round++) {
        const sums = rows.map(() => ({ ms: 0, cpu: 0 }));
        for (const page of pages.keys()) {
          const contenders = [...names.keys()].map((contender) => page * names.length + contender);
          // request by request, the contenders take turns (and which goes first alternates), so that a burst of
          // load on this shared machine falls on both sides of a ratio
          for (let request = 0; request < PER_ROUND; request++) {
            const order = (round + request) % 2 === 0 ? contenders : [...contenders].reverse();
            for (const index of order) {
              const row = rows[index]!;
              const cpuBefore = row.cpu();
              const sample = await fetchPage(row.url, row.cookie);
              sums[index]!.ms += sample.ms;
              sums[index]!.cpu += row.cpu() - cpuBefore;
              lengths[index] = sample.length;
            }
          }
        }
        for (const [index, sum] of sums.entries()) {
          ms[index]!.push(sum.ms / PER_ROUND);
          cpu[index]!.push(sum.cpu / PER_ROUND);
        }
      }
      if (cpuProfileDir) await writePages(cpuProfileDir, rows);
      console.log(`First HTML, minimal App Router app, next start (median of ${rounds} alternating rounds, min–max)`);
      for (const [index, row] of rows.entries()) {
        const cpuText = `server CPU ${withSpread(cpu[index]!, 1)} ms per request; HTML ${lengths[index]} characters`;
        console.log(`  ${row.name}, ${row.page}: ${withSpread(ms[index]!, 1)} ms; ${cpuText}`);
      }
      // pairs of contenders by index: orgauth / the vendor, and with a baseline, orgauth after / before the change
      const pairs: [number, number][] = baselineTarball
        ? [
            [0, 1],
            [0, 2],
            [2, 1],
          ]
        : [[0, 1]];
      for (const [page, [label]] of pages.entries()) {
        for (const [ours, theirs] of pairs) {
          const [a, b] = [page * names.length + ours, page * names.length + theirs];
          console.log(`  ${names[ours]} / ${names[theirs]}, ${label}: first HTML ${ratioWithSpread(ms[a]!, ms[b]!)}`);
          console.log(`    server CPU per request ${ratioWithSpread(cpu[a]!, cpu[b]!)}`);
        }
      }
      const baseline = await pageJsGzipBytes(`${urls[names.length]}/dashboard`);
      console.log(`Browser JS of the signed-in dashboard (gz) over the no-auth app's ${kb(baseline)}`);
      for (const [index, name] of names.entries()) {
        const bytes = await pageJsGzipBytes(`${urls[index]}/dashboard`, cookies[index]);
        console.log(`  ${name}: +${kb(bytes - baseline)} (${kb(bytes)} in all)`);
      }
    } finally {
      await browser.close();
    }
  } catch (error) {
    console.error("first-html failed:", error); // printed before the cleanup, which could fail in its turn
    throw error;
  } finally {
    for (const server of servers) await server.stop();
    await emulator.stop();
    app.remove();
    console.log(`first-html took ${((performance.now() - started) / 1000).toFixed(0)} s (${rounds} rounds)`);
  }
}
