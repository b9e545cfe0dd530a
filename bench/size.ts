import { SIZE_ENTRIES, bundle } from "./bundle.js";

/**
 * `npm run size`: min and min+gzip bytes of what an app pays for each way of using orgauth (esbuild, peers external).
 * Budgets guard against regressions (exit code 1 when exceeded). The floor under any fetcher is zod/mini's core
 * plus openapi-fetch (both in the baselines below), so the first aim of 5 KB is out of reach with them.
 */
const BUDGETS: Partial<Record<keyof typeof SIZE_ENTRIES, number>> = {
  "one fetcher (login) + transport": 10 * 1024,
  "all fetchers + transport": 16 * 1024,
};

const rows: string[][] = [];
let overBudget = false;
for (const [name, source] of Object.entries(SIZE_ENTRIES)) {
  try {
    const { minBytes, gzipBytes } = await bundle(source);
    const budget = BUDGETS[name as keyof typeof SIZE_ENTRIES];
    if (budget && gzipBytes > budget) overBudget = true;
    rows.push([name, kb(minBytes), kb(gzipBytes), budget ? `${kb(budget)}${gzipBytes > budget ? " ✖ over" : " ✔"}` : ""]);
  } catch (error) {
    rows.push([name, "n/a", "n/a", `not buildable yet: ${(error as Error).message.split("\n")[0]}`]);
  }
}
const widths = [0, 1, 2, 3].map((i) => Math.max(...[["bundle", "min", "min+gz", "regression budget (gz)"], ...rows].map((r) => (r[i] ?? "").length)));
for (const row of [["bundle", "min", "min+gz", "regression budget (gz)"], ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
if (overBudget) process.exitCode = 1;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
