import type { TestProject } from "vitest/node";
import { type PrismServer, startPrism } from "../../scripts/lib/prism.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the Prism mock started for this run. */
    prismUrl: string;
  }
}

/** The run's one Prism mock and how many projects use it. */
interface SharedPrism {
  prism: Promise<PrismServer>;
  projects: number;
}

/** Where the projects of one run find it: vitest loads a global setup once per project, globalThis is the run's. */
const SHARED = Symbol.for("orgauth.test.prism-mock");

/**
 * Starts one Prism on a free port for the whole run, shared by every project of the run that lists this setup (the
 * mock keeps no state: `contract` and `zod-floor`, `react` and `react18` run against one); stops it after the last.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = globalThis as { [SHARED]?: SharedPrism };
  run[SHARED] ??= { prism: startPrism(), projects: 0 };
  const shared = run[SHARED];
  shared.projects += 1;
  project.provide("prismUrl", (await shared.prism).url);
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    delete run[SHARED];
    await (await shared.prism).stop();
  };
}
