import { randomUUID } from "node:crypto";
import { createDatabase } from "../support/postgres-cluster.js";

/** Returns a function giving the connection string of one fresh database on the test cluster (created on first call). */
export function createClusterDatabase(adminUrl: string, label: string): () => Promise<string> {
  let created: Promise<string> | undefined;
  return () => {
    created ??= createDatabase(adminUrl, `${label}_${randomUUID().replaceAll("-", "")}`);
    return created;
  };
}
