/**
 * The migration runner: numbered single-statement steps, applied in order inside one transaction, recorded in
 * the `orgauth_migrations` table and serialised by a transaction-level advisory lock, so two processes that
 * migrate at once apply each step exactly once. Other parts of orgauth (the emulator) run their own scope.
 */
import { AdapterError, toAdapterError } from "./errors.js";
import { inTransaction, type SqlPort } from "./sql-port.js";

/** One numbered step: a single SQL statement (PGlite's `query` takes one). */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Which migrations to run, under which scope name, with which table prefix. */
export interface MigrationPlan {
  /** Names the migration series in the record table, e.g. "adapter". */
  scope: string;
  migrations: readonly Migration[];
  tablePrefix?: string | undefined;
}

/** What a migration run did. */
export interface MigrateResult {
  /** The steps this call applied (empty when the schema was already current). */
  applied: { id: number; name: string }[];
}

const PREFIX_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/** Returns a function that quotes a table name with the prefix; throws `invalid_input` for an unsafe prefix. */
export function tableNamer(tablePrefix = ""): (name: string) => string {
  if (tablePrefix !== "" && !PREFIX_PATTERN.test(tablePrefix)) {
    throw new AdapterError(
      "invalid_input",
      `tablePrefix must be letters, digits and underscores (at most 32, not starting with a digit), got ${JSON.stringify(tablePrefix)}`,
    );
  }
  return (name) => `"${tablePrefix}${name}"`;
}

function checkPlan(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (
      !Number.isInteger(migration.id) ||
      migration.id < 1 ||
      (previous !== undefined && migration.id <= previous.id)
    ) {
      throw new AdapterError(
        "invalid_input",
        `migration ids must be positive integers in increasing order (at ${JSON.stringify(migration.name)})`,
      );
    }
  });
}

/** Applies the plan's pending migrations; safe to call on every start and from several processes at once. */
export async function runMigrations(db: SqlPort, plan: MigrationPlan): Promise<MigrateResult> {
  const table = tableNamer(plan.tablePrefix);
  checkPlan(plan.migrations);
  const record = table("orgauth_migrations");
  try {
    return await inTransaction(db, async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`orgauth_migrations:${plan.tablePrefix ?? ""}`]);
      await tx.query(
        `CREATE TABLE IF NOT EXISTS ${record} (scope text NOT NULL, id integer NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (scope, id))`,
      );
      const done = await tx.query(`SELECT id, name FROM ${record} WHERE scope = $1`, [plan.scope]);
      const recorded = new Map(done.rows.map((row) => [Number(row.id), String(row.name)]));
      const applied: MigrateResult["applied"] = [];
      for (const migration of plan.migrations) {
        const name = recorded.get(migration.id);
        if (name !== undefined) {
          if (name !== migration.name)
            throw new AdapterError(
              "database_error",
              `migration ${plan.scope} #${migration.id} is recorded as ${JSON.stringify(name)} but this version ships ${JSON.stringify(migration.name)}`,
            );
          continue;
        }
        await tx.query(migration.sql);
        await tx.query(`INSERT INTO ${record} (scope, id, name) VALUES ($1, $2, $3)`, [
          plan.scope,
          migration.id,
          migration.name,
        ]);
        applied.push({ id: migration.id, name: migration.name });
      }
      return { applied };
    });
  } catch (error) {
    throw toAdapterError(error, `migrate (${plan.scope})`);
  }
}
