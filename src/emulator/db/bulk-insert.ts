import type { SqlPort } from "./sql.js";

/** PostgreSQL takes at most 65,535 parameters in one statement; a chunk stays well below. */
const MAX_PARAMETERS = 30_000;

/** The most rows one statement inserts. */
const MAX_ROWS = 1_000;

/**
 * Inserts many rows with multi-row `INSERT … VALUES (…), (…)` statements, as many rows per statement as the
 * parameter limit allows (at most 1,000): a few statements instead of one per row. Each row gives its values in the
 * order of `columns`; `suffix` is appended to each statement (e.g. `on conflict do nothing`). Run it inside a
 * transaction (inTransaction) so a failing chunk leaves none of the rows.
 */
export async function insertRows(
  db: SqlPort,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = "",
): Promise<void> {
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length)
        throw new Error(`insertRows(${table}): a row has ${row.length} values for ${columns.length} columns`);
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(", ")})`;
    });
    await db.query(
      `insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")} ${suffix}`.trimEnd(),
      params,
    );
  }
}
