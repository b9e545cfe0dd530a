/** Debian's headless Chromium, started the one way this project's browser tests and benchmarks need. */
import { type Browser, chromium } from "playwright-core";

/** Where Debian installs Chromium (never a Playwright download). */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Headless, no sandbox (tests run as root), and none of the background traffic a closed network refuses. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts headless Chromium; close it with `browser.close()`. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
