/**
 * Headless Chromium for the browser tests and benchmarks: `CHROMIUM_PATH` when set, else the system's
 * `/usr/bin/chromium`; when that file does not exist, the browser the `@sparticuz/chromium` devDependency carries
 * (Linux x64). Never a Playwright download.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { packagedChromium } from "./packaged-chromium.js";

/** Where Debian installs Chromium. */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/** None of the background traffic a closed network refuses. */
const QUIET_ARGS = [
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** An installed browser: headless, no sandbox (tests run as root), no GPU. */
const SYSTEM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", ...QUIET_ARGS];

/** The browser the tests drive and where it comes from ("system": an installed one, "package": the npm one). */
export interface ChromiumSource {
  executablePath: string;
  args: string[];
  from: "system" | "package";
}

/** The installed browser (`CHROMIUM_PATH`, else `/usr/bin/chromium`) when it exists, else the packaged one. */
export async function findChromium(): Promise<ChromiumSource> {
  const installed = process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM;
  if (existsSync(installed)) return { executablePath: installed, args: SYSTEM_ARGS, from: "system" };
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(`No Chromium at ${installed}: set CHROMIUM_PATH to a Chrome or Chromium binary`);
  const packaged = await packagedChromium("@sparticuz/chromium");
  return { executablePath: packaged.executablePath, args: [...packaged.args, ...QUIET_ARGS], from: "package" };
}

/** Starts headless Chromium; close it with `browser.close()`. */
export async function launchChromium(): Promise<Browser> {
  const { executablePath, args } = await findChromium();
  return chromium.launch({ executablePath, args });
}

/** The oldest browser the support matrix promises: Chromium 119 (no `URL.canParse`), an aliased `@sparticuz/chromium`. */
const OLDEST_CHROMIUM_PACKAGE = "sparticuz-chromium-119";

/** Starts the oldest Chromium inside the declared browser range; Linux x64 only. */
export async function launchOldestChromium(): Promise<Browser> {
  const { executablePath, args } = await packagedChromium(OLDEST_CHROMIUM_PACKAGE);
  return chromium.launch({ executablePath, args: [...args, ...QUIET_ARGS] });
}
