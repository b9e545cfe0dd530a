/**
 * First HTML (part of `npm run bench`): the same minimal App Router app on orgauth/nextjs (from the packed package)
 * and on `@propelauth/nextjs` (bench/first-html-apps.ts), each built and served by `next start` against one
 * emulator; a browser signs in once per app through its server flow, then its cookies fetch pages: the signed-in
 * dashboard (the user read from the cookie, locally) and the same request signed out (a redirect, no read).
 * Contenders interleaved in rounds; medians with spread, and orgauth's time over the provider library's per round.
 * Then the browser JS (gz) of each library's signed-in dashboard over the same page of an app without auth.
 */
import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { freePort } from "../scripts/lib/prism.js";
import { createEmulator } from "../src/emulator/index.js";
import { runIn, serve, type ExampleServer } from "../test/frameworks/example-apps.js";
import { signInOnServerLogin } from "../test/frameworks/hosted-login.js";
import { OWNER, serverSessionSeed } from "../test/frameworks/seed.js";
import { launchChromium } from "../test/support/chromium.js";
import { FIRST_HTML_APPS, NO_AUTH_APP, writeFirstHtmlApp } from "./first-html-apps.js";
import { pageJsGzipBytes } from "./page-js.js";
import { median, ratioWithSpread } from "./spread.js";

const ROUNDS = 7;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const PER_ROUND = 10;

type AppName = keyof typeof FIRST_HTML_APPS;

/** Milliseconds until the whole HTML of `url` has arrived, per request (sequential). */
async function msPerPage(url: string, cookie: string | undefined): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    if (cookie && response.status !== 200) throw new Error(`${url} answered ${response.status} signed in`);
    await response.text();
  }
  return (performance.now() - started) / PER_ROUND;
}

/** Builds and serves both apps, signs in once on each, and prints the time to the first HTML of each page. */
export async function runFirstHtml(): Promise<void> {
  const app = createPackedApp();
  const emulator = await createEmulator({ seed: { ...serverSessionSeed, settings: {} } });
  const servers: ExampleServer[] = [];
  try {
    const next = join(app.dir, "node_modules", "next", "dist", "bin", "next");
    const names = Object.keys(FIRST_HTML_APPS) as AppName[];
    const dirs = [...names.map((name) => FIRST_HTML_APPS[name]), NO_AUTH_APP].map((files, index) => {
      const dir = join(app.dir, `first-html-${index}`);
      writeFirstHtmlApp(dir, files);
      return dir;
    });
    await Promise.all(dirs.map((dir) => runIn(dir, [next, "build"], { NEXT_TELEMETRY_DISABLED: "1" })));
    const urls: string[] = []; // the contenders', then the no-auth app's
    for (const dir of dirs) {
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
      servers.push(await serve(dir, [next, "start", "-H", "127.0.0.1", "-p", String(port)], appUrl, env));
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
      const rows = names.flatMap((name, index) => [
        { name, page: "signed-in dashboard", run: () => msPerPage(`${urls[index]}/dashboard`, cookies[index]) },
        { name, page: "signed out (a redirect)", run: () => msPerPage(`${urls[index]}/dashboard`, undefined) },
      ]);
      const samples = rows.map(() => [] as number[]);
      for (const row of rows) await row.run(); // warm up
      for (let round = 0; round < ROUNDS; round++) {
        for (const [index, row] of rows.entries()) samples[index]!.push(await row.run());
      }
      console.log(`First HTML, minimal App Router app, next start (median of ${ROUNDS} interleaved rounds)`);
      for (const [index, row] of rows.entries()) {
        const values = samples[index]!;
        const spread = `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
        console.log(`  ${row.name}, ${row.page}: ${median(values).toFixed(1)} ms (${spread})`);
      }
      // rows: orgauth signed in, orgauth signed out, vendor signed in, vendor signed out
      console.log(`  orgauth / @propelauth/nextjs, signed in: ${ratioWithSpread(samples[0]!, samples[2]!)}`);
      console.log(`  orgauth / @propelauth/nextjs, signed out: ${ratioWithSpread(samples[1]!, samples[3]!)}`);
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
  }
}
