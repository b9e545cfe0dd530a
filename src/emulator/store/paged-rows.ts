/**
 * Paging in SQL: one page of a query's rows (`limit` / `offset` in the database) and how many rows match in all, the
 * total taken from a `count(*) over ()` column of the same query, so a page costs one statement.
 */
import type { EmulatorContext } from "./context.js";

/** The largest offset passed on: past it (a page number no list reaches) the page is empty all the same. */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/**
 * One page of `match` ordered by `order`, and the number of its rows. `match` is a `select` without `order by` whose
 * columns include `count(*) over ()::int as total_rows`; `params` are its parameters ($1 …).
 */
export async function pageOf<T extends object>(
  ctx: EmulatorContext,
  match: string,
  params: unknown[],
  order: string,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: T[]; total: number }> {
  const offset = Math.min(page.pageNumber * page.pageSize, MAX_OFFSET);
  const n = params.length;
  const { rows } = await ctx.db.query<T & { total_rows: number }>(
    `${match} order by ${order} limit $${n + 1} offset $${n + 2}`,
    [...params, page.pageSize, offset],
  );
  const total = rows[0]?.total_rows ?? (offset === 0 ? 0 : await countOf(ctx, match, params));
  return { rows: rows.map(({ total_rows: _, ...row }) => row as unknown as T), total };
}

/** How many rows `match` has (a page past the end has no row to read the total from). */
async function countOf(ctx: EmulatorContext, match: string, params: unknown[]): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(`select count(*)::int as n from (${match}) q`, params);
  return rows[0]?.n ?? 0;
}
