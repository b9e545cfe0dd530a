import type { TestProject } from "vitest/node";
import { createPackedApp } from "../../scripts/lib/packed-app.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway app the packed tarball is installed in (scripts/lib/packed-app.ts). */
    packedAppDir: string;
  }
}

/** Builds and packs the package once for the "package" project, installs it into a throwaway app, removes it after. */
export default function setup(project: TestProject): () => void {
  const app = createPackedApp();
  project.provide("packedAppDir", app.dir);
  return () => app.remove();
}
