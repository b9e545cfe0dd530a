import { type Browser, chromium } from "playwright-core";
import { inject } from "vitest";

/**
 * Connects to the stage's one headless Chromium (chromium-global-setup.ts) instead of launching one per file; closing
 * the returned browser closes this file's contexts and disconnects, leaving the browser to the other files.
 */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject("chromiumWsEndpoint"));
}
