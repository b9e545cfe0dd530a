import type { TestProject } from "vitest/node";
import { startPrismProxy } from "../../scripts/lib/prism-proxy.js";
import { startEmulator } from "../../src/emulator/index.js";
import { testSeed } from "./test-seed.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The emulator itself (admin API). */
    emulatorUrl: string;
    /** Its admin secret (header `x-emulator-secret`). */
    emulatorSecret: string;
    /** Prism's validating proxy in front of the emulator: every contract call goes through it. */
    proxyUrl: string;
    /** The emulator's integration API key (what an app's server sends as `Authorization: Bearer`). */
    emulatorApiKey: string;
  }
}

/** Starts one emulator and Prism's validating proxy in front of it for the run; stops both afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator({ seed: testSeed });
  const proxy = await startPrismProxy(emulator.url);
  project.provide("emulatorUrl", emulator.url);
  project.provide("emulatorSecret", emulator.secret);
  project.provide("proxyUrl", proxy.url);
  project.provide("emulatorApiKey", emulator.apiKey);
  return async () => {
    await proxy.stop();
    await emulator.stop();
  };
}
