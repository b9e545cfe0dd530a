import { randomUUID } from "node:crypto";
import pg from "pg";

/** Returns a function giving the connection string of one fresh database on the test cluster (created on first call). */
export function createClusterDatabase(adminUrl: string, label: string): () => Promise<string> {
  let created: Promise<string> | undefined;
  return () => {
    created ??= (async () => {
      const name = `${label}_${randomUUID().replaceAll("-", "")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    })();
    return created;
  };
}
