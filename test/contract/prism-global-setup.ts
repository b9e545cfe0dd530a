import type { TestProject } from "vitest/node";
import { startPrism } from "../../scripts/lib/prism.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the Prism mock started for this run. */
    prismUrl: string;
  }
}

/** Starts one Prism on a free port for the whole run and stops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await startPrism();
  project.provide("prismUrl", prism.url);
  return () => prism.stop();
}
