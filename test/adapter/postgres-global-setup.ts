import type { TestProject } from "vitest/node";
import { findPostgresBin, startPostgresCluster } from "../support/postgres-cluster.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the throwaway PostgreSQL cluster's admin database; "" when the binaries are missing. */
    postgresUrl: string;
  }
}

/** Starts one throwaway PostgreSQL cluster for the adapter project (when Debian's postgresql is installed) and stops it afterwards. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const bin = findPostgresBin();
  if (bin === null) {
    console.warn(
      "\n⚠ PostgreSQL binaries not found (apt-get install postgresql, or set ORGAUTH_PG_BIN): the adapter suite runs on PGlite only.\n",
    );
    project.provide("postgresUrl", "");
    return undefined;
  }
  const cluster = await startPostgresCluster(bin);
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
