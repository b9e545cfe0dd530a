/**
 * The stage's PostgreSQL cluster, from a test file: one cluster per project (test/support/postgres-global-setup.ts in
 * its globalSetup), each file isolated on databases of its own instead of starting a cluster (initdb and a server
 * start cost several seconds of CPU each).
 */
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createDatabase } from "./postgres-cluster.js";

/** Whether the project has a cluster (false where no PostgreSQL binaries were found: those tests skip). */
export function stageHasPostgres(): boolean {
  return inject("postgresUrl") !== "";
}

/** A new, empty database on the project's cluster, named `label` plus a random suffix; its connection string. */
export function freshDatabase(label: string): Promise<string> {
  const cluster = inject("postgresUrl");
  if (cluster === "") throw new Error("this project has no PostgreSQL cluster (no binaries found: set PG_BIN)");
  return createDatabase(cluster, `${label}_${randomUUID().replaceAll("-", "")}`);
}
