/**
 * `npm run docs:screenshot`: regenerates docs/demo.png, the README's picture — the demo on a fresh emulator, signed
 * in as Ada, its Organisations screen at desktop width (the scenario toolbar below the content, not over it).
 */
import { join } from "node:path";
import { launchChromium } from "../test/support/chromium.js";
import { DEMO_PASSWORD } from "../src/emulator/seeds/demo-seed.js";
import { startDemo } from "./lib/demo-server.js";
import { repoRoot } from "./lib/repo-root.js";

const OUTPUT = join(repoRoot, "docs", "demo.png");
const UNPIN_TOOLBAR = ".toolbar { position: static !important; max-height: none !important; }";

/** Starts the demo and Chromium, writes the picture, and stops both. */
async function main(): Promise<void> {
  const demo = await startDemo({ backend: "emulator" });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const login = await context.request.post(new URL("/api/fe/v3/login", demo.url).href, {
      data: { email: "ada@acme.example", password: DEMO_PASSWORD },
      headers: { "X-CSRF-Token": "-.-" },
    });
    if (!login.ok()) throw new Error(`Signing in as Ada failed: ${login.status()}`);
    const page = await context.newPage();
    await page.goto(new URL("/org", demo.url).href);
    await page.getByRole("row", { name: "grace@acme.example" }).waitFor();
    await page.addStyleTag({ content: UNPIN_TOOLBAR });
    await page.screenshot({ path: OUTPUT, fullPage: true, animations: "disabled", caret: "hide" });
    console.log("Wrote docs/demo.png");
  } finally {
    await browser.close();
    await demo.stop();
  }
}

await main();
