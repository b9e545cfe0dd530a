import { readFileSync } from "node:fs";
import { join } from "node:path";
import PostgresAdapter from "@auth/pg-adapter";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/prism.js";
import { AdapterError, createAdapter, migrate, openEmbeddedDatabase } from "../../src/adapter/index.js";
import { createClusterDatabase } from "./postgres-database.js";

// A database that @auth/pg-adapter set up: its schema (from its documentation) under the same default table names.
// migrate refuses it with a hint instead of failing half-way; both ways out that docs/adapter.md gives work.
const PG_ADAPTER_SCHEMA = [
  "CREATE TABLE verification_token (identifier TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, token TEXT NOT NULL, PRIMARY KEY (identifier, token))",
  'CREATE TABLE accounts (id SERIAL, "userId" INTEGER NOT NULL, type VARCHAR(255) NOT NULL, provider VARCHAR(255) NOT NULL, "providerAccountId" VARCHAR(255) NOT NULL, refresh_token TEXT, access_token TEXT, expires_at BIGINT, id_token TEXT, scope TEXT, session_state TEXT, token_type TEXT, PRIMARY KEY (id))',
  'CREATE TABLE sessions (id SERIAL, "userId" INTEGER NOT NULL, expires TIMESTAMPTZ NOT NULL, "sessionToken" VARCHAR(255) NOT NULL, PRIMARY KEY (id))',
  'CREATE TABLE users (id SERIAL, name VARCHAR(255), email VARCHAR(255), "emailVerified" TIMESTAMPTZ, image TEXT, PRIMARY KEY (id))',
];

/** The SQL block that follows `marker` in docs/adapter.md, so the guide's statements are the ones tested. */
function guideSql(marker: string): string {
  const guide = readFileSync(join(repoRoot, "docs", "adapter.md"), "utf8");
  const block = guide.split(`<!-- ${marker} -->`)[1]?.match(/```sql\n([\s\S]*?)```/)?.[1];
  if (block === undefined) throw new Error(`docs/adapter.md has no sql block after <!-- ${marker} -->`);
  return block;
}

// Each test boots PGlite; on a loaded machine that takes a while (not a timing assertion).
describe("a database set up by @auth/pg-adapter (PGlite)", { timeout: 120_000 }, () => {
  it("migrate refuses with schema_conflict naming the table, pg-adapter and the way out; nothing is changed", async () => {
    const db = await openEmbeddedDatabase();
    try {
      for (const statement of PG_ADAPTER_SCHEMA) await db.query(statement);
      const error = await migrate(db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdapterError);
      expect(error).toMatchObject({ code: "schema_conflict" });
      const message = (error as AdapterError).message;
      for (const hint of ["users", "@auth/pg-adapter", 'tablePrefix: "orgauth_"', "docs/adapter.md"])
        expect(message).toContain(hint);
      const tables = await db.query(
        "SELECT count(*)::integer AS n FROM information_schema.tables WHERE table_name = 'orgauth_migrations'",
      );
      expect(tables.rows[0]).toEqual({ n: 0 });

      await migrate(db, { tablePrefix: "orgauth_" });
      const adapter = createAdapter(db, { tablePrefix: "orgauth_" });
      expect(await adapter.createUser({ id: "u1", email: "a@example.com", emailVerified: null })).toMatchObject({
        id: "u1",
      });
    } finally {
      await db.close();
    }
  });

  it("a table of another origin gets the generic hint", async () => {
    const db = await openEmbeddedDatabase();
    try {
      await db.query("CREATE TABLE users (id integer PRIMARY KEY, login text)");
      const error = await migrate(db).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "schema_conflict" });
      expect((error as AdapterError).message).not.toContain("@auth/pg-adapter's schema");
    } finally {
      await db.close();
    }
  });
});

const adminUrl = inject("postgresUrl");
describe.skipIf(adminUrl === "")("moving @auth/pg-adapter's data into orgauth's tables (PostgreSQL)", () => {
  it("the guide's SQL keeps users, their accounts and sessions", async () => {
    const pool = new pg.Pool({ connectionString: await createClusterDatabase(adminUrl, "pgadapter")() });
    try {
      for (const statement of PG_ADAPTER_SCHEMA) await pool.query(statement);
      const theirs = PostgresAdapter(pool);
      const user = await theirs.createUser!({
        id: "",
        name: "Mary",
        email: "mary@example.com",
        emailVerified: null,
        image: null,
      });
      await theirs.linkAccount!({
        userId: user.id,
        type: "oauth",
        provider: "github",
        providerAccountId: "gh-7",
        expires_at: 1_900_000_000,
      });
      const expires = new Date(Date.now() + 3_600_000);
      await theirs.createSession!({ sessionToken: "tok-1", userId: user.id, expires });

      await pool.query(guideSql("pg-adapter-rename"));
      await migrate(pool);
      await pool.query(guideSql("pg-adapter-copy"));

      const ours = createAdapter(pool);
      const moved = await ours.getUserByAccount({ provider: "github", providerAccountId: "gh-7" });
      expect(moved).toMatchObject({ id: String(user.id), name: "Mary", email: "mary@example.com" });
      expect(await ours.getSessionAndUser("tok-1")).toMatchObject({
        session: { userId: String(user.id), expires },
        user: moved,
      });
      expect(await ours.getAccount("gh-7", "github")).toMatchObject({ expires_at: 1_900_000_000 });
    } finally {
      await pool.end();
    }
  });
});
