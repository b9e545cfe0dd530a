import type { TestProject } from "vitest/node";
import { findPostgresBin, startPostgresCluster } from "../support/postgres-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the throwaway PostgreSQL cluster's admin database; "" when the binaries are missing. */
    postgresUrl: string;
  }
}

/**
 * Starts one throwaway PostgreSQL cluster for a whole project (when there are PostgreSQL binaries,
 * test/support/postgres-cluster.ts) and stops it afterwards; its files take databases of their own on it
 * (test/support/stage-postgres.ts).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const bin = findPostgresBin();
  if (bin === null) {
    console.warn(
      `\n⚠ PostgreSQL binaries not found (set PG_BIN to a folder with initdb and postgres): ${project.name} runs on PGlite only.\n`,
    );
    project.provide("postgresUrl", "");
    return undefined;
  }
  const cluster = await startPostgresCluster(bin);
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
