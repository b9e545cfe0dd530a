import type { TestProject } from "vitest/node";
import { startDemo } from "../../scripts/lib/demo-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the demo (Prism + Vite) started once for the whole e2e run. */
    demoUrl: string;
  }
}

/** Starts the demo once for every e2e file (each file still gets its own browser and fresh contexts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const demo = await startDemo();
  project.provide("demoUrl", demo.url);
  return () => demo.stop();
}
