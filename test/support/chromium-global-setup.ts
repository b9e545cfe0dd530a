import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The stage's one headless Chromium (Playwright's browser server on loopback): connect with shared-chromium.ts. */
    chromiumWsEndpoint: string;
  }
}

/** Starts one headless Chromium for the stage, its files connecting to it (a context per test); closes it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { executablePath, args } = await findChromium();
  const server = await chromium.launchServer({ executablePath, args, host: "127.0.0.1" });
  project.provide("chromiumWsEndpoint", server.wsEndpoint());
  return () => server.close();
}
