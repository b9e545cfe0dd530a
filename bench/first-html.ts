/**
 * First HTML (part of `npm run bench`): examples/nextjs built from the packed package and served by `next start`
 * against the emulator; a browser signs in once through the server flow, then its cookies fetch pages: the signed-in
 * dashboard (the user read from the cookie, locally), the same request signed out (a redirect, no read), and the
 * members page, which also calls the auth host's front-end API on the server (what reading the user cost before).
 * Contenders interleaved in rounds; medians with spread.
 */
import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { freePort } from "../scripts/lib/prism.js";
import { createEmulator } from "../src/emulator/index.js";
import { copyExample, runIn, serve } from "../test/frameworks/example-apps.js";
import { signInOnServerLogin } from "../test/frameworks/hosted-login.js";
import { OWNER, serverSessionSeed } from "../test/frameworks/seed.js";
import { launchChromium } from "../test/support/chromium.js";
import { median } from "./spread.js";

const ROUNDS = 7;
const PER_ROUND = 10;

/** Milliseconds until the whole HTML of `url` has arrived, per request (sequential). */
async function msPerPage(url: string, cookie: string | undefined): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await response.text();
  }
  return (performance.now() - started) / PER_ROUND;
}

/** Builds and serves the example, signs in once, and prints the time to the first HTML of each page. */
export async function runFirstHtml(): Promise<void> {
  const app = createPackedApp();
  const emulator = await createEmulator({ seed: { ...serverSessionSeed, settings: {} } });
  try {
    const bin = (path: string) => join(app.dir, "node_modules", path);
    const dir = copyExample("nextjs", app.dir);
    await runIn(dir, [bin("next/dist/bin/next"), "build"], { NEXT_TELEMETRY_DISABLED: "1" });
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const server = await serve(
      dir,
      [bin("next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)],
      appUrl,
      {
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_PUBLIC_AUTH_URL: emulator.url,
        PROPELAUTH_API_KEY: emulator.apiKey,
        PROPELAUTH_VERIFIER_KEY: emulator.tokenVerification.verifierKey,
        PROPELAUTH_REDIRECT_URI: `${appUrl}/api/auth/callback`,
      },
    );
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${appUrl}/dashboard`);
      await signInOnServerLogin(page, emulator.url, OWNER);
      await page.waitForURL(`${appUrl}/dashboard`);
      const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
      const contenders: Record<string, () => Promise<number>> = {
        "signed-in dashboard (user read locally)": () => msPerPage(`${appUrl}/dashboard`, cookie),
        "the same request signed out (a redirect)": () => msPerPage(`${appUrl}/dashboard`, undefined),
        "members page (plus a front-end API call to the auth host)": () => msPerPage(`${appUrl}/members`, cookie),
      };
      const samples = new Map<string, number[]>(Object.keys(contenders).map((name) => [name, []]));
      for (const run of Object.values(contenders)) await run(); // warm up
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, run] of Object.entries(contenders)) samples.get(name)!.push(await run());
      }
      console.log(`First HTML of the Next.js example, next start (median of ${ROUNDS} interleaved rounds)`);
      for (const [name, values] of samples) {
        const spread = `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
        console.log(`  ${name}: ${median(values).toFixed(1)} ms (${spread})`);
      }
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await emulator.stop();
    app.remove();
  }
}
