import { expect, it } from "vitest";
import { adapterMigrations, createAdapter, migrate, runMigrations } from "../../../src/adapter/index.js";
import { expectAdapterError, type SuiteEnv } from "./harness.js";

let runs = 0;
const prefix = () => `m${process.pid}_${++runs}_`;

/** Migration runner and schema rules. */
export function migrationTests(env: SuiteEnv): void {
  it("applies every numbered step once, records it, and applies nothing the second time", async () => {
    const tablePrefix = prefix();
    const first = await migrate(env.db(), { tablePrefix });
    expect(first.applied.map((step) => step.id)).toEqual(adapterMigrations(tablePrefix).map((step) => step.id));
    expect((await migrate(env.db(), { tablePrefix })).applied).toEqual([]);
    const recorded = await env
      .db()
      .query(`SELECT id, name FROM "${tablePrefix}orgauth_migrations" WHERE scope = 'adapter' ORDER BY id`);
    expect(recorded.rows.map((row) => [Number(row.id), row.name])).toEqual(
      first.applied.map((step) => [step.id, step.name]),
    );
  });

  it("is safe when several callers migrate at once: each step is applied exactly once", async () => {
    const tablePrefix = prefix();
    const results = await Promise.all(
      [env.db(), env.second(), env.db(), env.second()].map((db) => migrate(db, { tablePrefix })),
    );
    const applied = results.flatMap((result) => result.applied.map((step) => step.id));
    expect(applied.sort((a, b) => a - b)).toEqual(adapterMigrations().map((step) => step.id));
  });

  it("uses the default table names without a prefix", async () => {
    await migrate(env.db());
    const tables = await env
      .db()
      .query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY table_name",
        [["users", "accounts", "sessions", "verification_tokens", "authenticators", "orgauth_migrations"]],
      );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      "accounts",
      "authenticators",
      "orgauth_migrations",
      "sessions",
      "users",
      "verification_tokens",
    ]);
  });

  it("declares text ids, time-zoned timestamps and 64-bit counters and expiries", async () => {
    const tablePrefix = prefix();
    await migrate(env.db(), { tablePrefix });
    const columns = await env
      .db()
      .query("SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_name LIKE $1", [
        `${tablePrefix}%`,
      ]);
    const type = (table: string, column: string) =>
      columns.rows.find((row) => row.table_name === `${tablePrefix}${table}` && row.column_name === column)?.data_type;
    expect(type("users", "id")).toBe("text");
    expect(type("users", "email_verified")).toBe("timestamp with time zone");
    expect(type("sessions", "expires")).toBe("timestamp with time zone");
    expect(type("verification_tokens", "expires")).toBe("timestamp with time zone");
    expect(type("accounts", "expires_at")).toBe("bigint");
    expect(type("authenticators", "counter")).toBe("bigint");
  });

  it("runs another scope's migrations beside the adapter's, recorded separately", async () => {
    const tablePrefix = prefix();
    await migrate(env.db(), { tablePrefix });
    const extra = [
      {
        id: 1,
        name: "create notes",
        sql: `CREATE TABLE "${tablePrefix}notes" (user_id text REFERENCES "${tablePrefix}users" (id) ON DELETE CASCADE)`,
      },
    ];
    expect((await runMigrations(env.db(), { scope: "notes", migrations: extra, tablePrefix })).applied).toEqual([
      { id: 1, name: "create notes" },
    ]);
    expect((await runMigrations(env.db(), { scope: "notes", migrations: extra, tablePrefix })).applied).toEqual([]);
    const renamed = [{ ...extra[0]!, name: "something else" }];
    await expectAdapterError(
      runMigrations(env.db(), { scope: "notes", migrations: renamed, tablePrefix }),
      "database_error",
    );
  });

  it("rolls a failing migration back whole and reports it typed", async () => {
    const tablePrefix = prefix();
    const broken = [
      { id: 1, name: "good", sql: `CREATE TABLE "${tablePrefix}good" (id text)` },
      { id: 2, name: "bad", sql: "CREATE TABLE nonsense (" },
    ];
    await expectAdapterError(
      runMigrations(env.db(), { scope: "broken", migrations: broken, tablePrefix }),
      "database_error",
    );
    const exists = await env.db().query("SELECT to_regclass($1) AS name", [`"${tablePrefix}good"`]);
    expect(exists.rows[0]?.name).toBeNull();
  });

  it("rejects an unsafe table prefix and tells a caller who forgot to migrate", async () => {
    expect(() => createAdapter(env.db(), { tablePrefix: 'x"; DROP TABLE users; --' })).toThrow(/tablePrefix/);
    await expectAdapterError(migrate(env.db(), { tablePrefix: "1bad" }), "invalid_input");
    const error = await expectAdapterError(
      createAdapter(env.db(), { tablePrefix: prefix() }).getUser("u1"),
      "schema_missing",
    );
    expect(error.message).toMatch(/migrate\(db\)/);
  });
}
