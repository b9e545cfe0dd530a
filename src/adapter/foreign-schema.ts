/**
 * Tables orgauth did not create under the names it would use: `migrate` refuses them with a hint instead of
 * failing on `relation "users" already exists`. The likeliest owner is @auth/pg-adapter, whose default table names
 * are the same and whose columns are not.
 */
import { AdapterError } from "./errors.js";
import { tableNamer } from "./migrations.js";
import type { SqlPort } from "./sql-port.js";

/** Where the move from @auth/pg-adapter is described. */
const GUIDE = 'the package\'s docs/adapter.md, "Coming from @auth/pg-adapter"';

/** Throws `schema_conflict` when a `users` table exists under `tablePrefix` that orgauth's migrations did not make. */
export async function refuseForeignTables(db: SqlPort, tablePrefix = ""): Promise<void> {
  const t = tableNamer(tablePrefix);
  const found = await db.query<{ users: boolean; record: boolean }>(
    "SELECT to_regclass($1) IS NOT NULL AS users, to_regclass($2) IS NOT NULL AS record",
    [t("users"), t("orgauth_migrations")],
  );
  const { users, record } = found.rows[0] ?? { users: false, record: false };
  if (!users) return;
  if (record) {
    const ours = await db.query(`SELECT 1 FROM ${t("orgauth_migrations")} WHERE scope = 'adapter' AND id = 1`);
    if (ours.rows.length > 0) return;
  }
  const columns = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
    [`${tablePrefix}users`],
  );
  const name = `${tablePrefix}users`;
  const owner = columns.rows.some((row) => row.column_name === "emailVerified")
    ? ` It looks like @auth/pg-adapter's schema (its ${name} table has an "emailVerified" column; orgauth's has email_verified, text ids and an extra column).`
    : "";
  throw new AdapterError(
    "schema_conflict",
    `migrate: a table ${name} already exists and orgauth's migrations did not create it.${owner} ` +
      `Either keep it and give orgauth its own tables with a prefix — migrate(db, { tablePrefix: "orgauth_" }) and ` +
      `createAdapter(db, { tablePrefix: "orgauth_" }) — or move its data into orgauth's tables: see ${GUIDE}.`,
  );
}
