import { describe, expect, inject, it } from "vitest";
import pg from "pg";
import { AdapterError, createAdapter, migrate, openPostgres } from "../../src/adapter/index.js";
import { newUser } from "./conformance/harness.js";
import { createClusterDatabase } from "./postgres-database.js";

// Driver-level behaviour on a real PostgreSQL: plain pg objects as the port, and a connection dropped mid-query.
const adminUrl = inject("postgresUrl");

describe.skipIf(adminUrl === "")("pg driver on PostgreSQL (skipped without the postgresql binaries)", () => {
  const database = createClusterDatabase(adminUrl, "driver");

  it("takes a plain pg Client and a plain pg Pool as they are", async () => {
    const url = await database();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migrate(client, { tablePrefix: "plain_" });
      expect((await migrate(pool, { tablePrefix: "plain_" })).applied).toEqual([]);
      const user = await createAdapter(client, { tablePrefix: "plain_" }).createUser(newUser());
      expect(await createAdapter(pool, { tablePrefix: "plain_" }).getUser(user.id)).toEqual(user);
    } finally {
      await client.end();
      await pool.end();
    }
  });

  it("a connection dropped mid-statement gives connection_lost and leaves the store consistent", async () => {
    const url = await database();
    const db = openPostgres({ connectionString: url, max: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await migrate(db, { tablePrefix: "drop_" });
      const adapter = createAdapter(db, { tablePrefix: "drop_" });
      const user = await adapter.createUser(newUser());
      // Hold a lock so the adapter's statement waits inside the server, then kill the adapter's backend.
      await admin.query("BEGIN");
      await admin.query('LOCK TABLE "drop_sessions" IN ACCESS EXCLUSIVE MODE');
      const pending = adapter
        .createSession({ sessionToken: "dropped", userId: user.id, expires: new Date("2031-01-01T00:00:00Z") })
        .catch((reason: unknown) => reason);
      let waiting: unknown[] = [];
      while (waiting.length === 0) {
        waiting = (
          await admin.query(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()",
          )
        ).rows;
      }
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> pg_backend_pid()",
      );
      const error = await pending;
      expect(error).toBeInstanceOf(AdapterError);
      expect((error as AdapterError).code).toBe("connection_lost");
      await admin.query("COMMIT");

      expect(await adapter.getSessionAndUser("dropped")).toBeNull();
      const retried = await adapter.createSession({
        sessionToken: "dropped",
        userId: user.id,
        expires: new Date("2031-01-01T00:00:00Z"),
      });
      expect((await adapter.getSessionAndUser("dropped"))?.session).toEqual(retried);
    } finally {
      await admin.end();
      await db.close();
    }
  });

  it("reports an unreachable server and a closed pool as connection_lost", async () => {
    const unreachable = openPostgres({
      connectionString: "postgres://postgres@127.0.0.1:1/postgres",
      connectionTimeoutMillis: 2_000,
    });
    await expect(createAdapter(unreachable).getUser("u1")).rejects.toMatchObject({ code: "connection_lost" });
    await unreachable.close();
    const db = openPostgres(await database());
    await db.close();
    await expect(createAdapter(db).getUser("u1")).rejects.toMatchObject({ code: "connection_lost" });
  });
});
