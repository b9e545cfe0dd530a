import type { TestProject } from "vitest/node";
import { startDemo } from "../../scripts/lib/demo-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the demo on the emulator (real state behind Prism's validating proxy), started once for the run. */
    demoUrl: string;
    /** The emulator behind that demo (its admin API resets the state between test files). */
    emulatorUrl: string;
    /** That emulator's admin secret (header `x-emulator-secret`). */
    emulatorSecret: string;
    /** URL of the demo on the Prism mock alone, for the files that need its fixed examples. */
    prismDemoUrl: string;
  }
}

/**
 * Starts the demo twice for every e2e file: on the emulator (the default backend) and on the Prism mock alone (the
 * same Prism mock process behind both), each a development build served as files (a fresh context loads a few files,
 * not every module through Vite's dev server). Each file connects to the stage's one Chromium and gets fresh
 * contexts. At the end, any contract violation Prism's validating proxy reported between the app and the emulator
 * fails the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulatorDemo = await startDemo({ backend: "emulator", serve: "built" });
  // the Prism mock behind the scenario toolbar serves the mock-only demo too (stateless: one process, not two)
  const prismDemo = await startDemo({ backend: "prism", serve: "built", prismUrl: emulatorDemo.prismUrl });
  project.provide("demoUrl", emulatorDemo.url);
  project.provide("emulatorUrl", emulatorDemo.emulatorUrl!);
  project.provide("emulatorSecret", emulatorDemo.emulatorSecret!);
  project.provide("prismDemoUrl", prismDemo.url);
  return async () => {
    const violations = emulatorDemo.violations!();
    await prismDemo.stop();
    await emulatorDemo.stop();
    console.log(
      `e2e: Prism's validating proxy reported ${violations.length} contract violation(s) between the demo and the emulator`,
    );
    if (violations.length === 0) return;
    process.exitCode = 1; // vitest only logs an error thrown here; the run must fail
    throw new Error(`Contract violations between the demo and the emulator:\n${violations.join("\n")}`);
  };
}
