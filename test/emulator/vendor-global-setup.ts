import type { TestProject } from "vitest/node";
import { startPrismProxy } from "../../scripts/lib/prism-proxy.js";
import { demoSeed, startEmulator } from "../../src/emulator/index.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The demo-seeded emulator the backend tests share: its address, admin secret, auth URL and key. */
    vendorEmulator: {
      url: string;
      secret: string;
      authUrl: string;
      apiKey: string;
      tokenVerification: { verifierKey: string; issuer: string };
    };
    /** Prism's validating proxy in front of it: the provider library's backend calls go through it. */
    vendorProxyUrl: string;
  }
}

/**
 * Starts one demo-seeded emulator and one Prism validating proxy for the stage's backend-API files (they run one
 * after another and reset the emulator before each test); stops both afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startEmulator({ seed: demoSeed });
  const proxy = await startPrismProxy(emulator.url);
  const { url, secret, authUrl, apiKey, tokenVerification } = emulator;
  project.provide("vendorEmulator", { url, secret, authUrl, apiKey, tokenVerification });
  project.provide("vendorProxyUrl", proxy.url);
  return async () => {
    await proxy.stop();
    await emulator.stop();
  };
}
