import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { repoRoot } from "../scripts/lib/repo-root.js";
import {
  bundle,
  bundleSplit,
  DEFAULT_EXTERNAL,
  NEXT_EXTERNAL,
  REACT_EXTERNAL,
  REFERENCE_ENTRIES,
  VALIDATION_OFF,
  type BundleOptions,
  type MeasuredBundle,
  type SplitBundle,
} from "./bundle.js";
import { partOf, sizeRows, type SizeRow } from "./size-rows.js";

/**
 * `npm run size [-- --strict | --budget | --lower-budget]`: what a browser downloads, measured on the package as
 * users install it. The package is built, packed and installed into a throwaway app (scripts/lib/packed-app.ts);
 * each row is the same job written with orgauth and with the vendor's SDK, bundled by esbuild as a production
 * build would (ESM, code splitting, minified, license comments stripped on both sides; React external, TanStack
 * Query too unless the row's app does not use it). Each chunk is gzipped (level 9) on its own, as a browser fetches
 * them one by one; "initial" is what the entry loads before it runs, "later" what `import()` loads after.
 * Then the per-part breakdown of each bundle (esbuild's metafile, gzip shared pro rata to minified bytes).
 *
 * `--strict` exits 1 when an aim is missed. `--budget` exits 1 when a row exceeds bench/size-budget.json (checked
 * in `npm test`): the bytes go, they do not just move. A row's initial download may not exceed its initial budget;
 * its initial and later downloads together may not exceed the row's starting total (`totalGzipBytes`: its two
 * figures together when the work on the first load began, 2026-11-29), or, on a row without one, the two budgets
 * together. So code moved out of the first load may make the later download grow by less than the first load fell
 * since then, never past that total. `--lower-budget` writes the figures measured now where they are lower (the
 * initial budget, and the two together, each only go down; a starting total stays as it was set).
 */
const strict = process.argv.includes("--strict");
const checkBudget = process.argv.includes("--budget");
const lowerBudget = process.argv.includes("--lower-budget");
const BUDGET_FILE = join(repoRoot, "bench", "size-budget.json");

/**
 * orgauth's figures a row may not exceed, gzip bytes: what the entry loads before it runs, what it loads later
 * (deferred chunks, the validators), and on the rows that have one the starting total of both.
 */
interface RowBudget {
  initialGzipBytes: number;
  laterGzipBytes: number;
  /** The row's two figures together on 2026-11-29: the most the two may weigh together now. */
  totalGzipBytes?: number;
}

/** The most a row's initial and later downloads may weigh together: its starting total, else both budgets. */
const totalLimit = (limit: RowBudget): number => limit.totalGzipBytes ?? limit.initialGzipBytes + limit.laterGzipBytes;

/** Whether a row's figures are within its budget (a row with no budget is not). */
function withinBudget(limit: RowBudget | undefined, figures: SplitBundle): boolean {
  return (
    limit !== undefined &&
    figures.initialGzipBytes <= limit.initialGzipBytes &&
    figures.initialGzipBytes + figures.laterGzipBytes <= totalLimit(limit)
  );
}

const packed = createPackedApp();
const optionsFor = (row: SizeRow): BundleOptions => ({
  ...(row.validationOff ? { define: VALIDATION_OFF } : {}),
  external: [...(row.bundlesQuery ? REACT_EXTERNAL : DEFAULT_EXTERNAL), ...(row.nextjs ? NEXT_EXTERNAL : [])],
});
/** orgauth's entries resolved to its source, for the per-part breakdown (which file the bytes come from). */
const SOURCE_ALIAS = {
  "orgauth/nextjs/client": join(repoRoot, "src", "nextjs", "client.ts"),
  "orgauth/react": join(repoRoot, "src", "react.ts"),
  orgauth: join(repoRoot, "src", "index.ts"),
};
const fromPackage = (code: string, row: SizeRow) => bundleSplit(code, { resolveDir: packed.dir, ...optionsFor(row) });

interface Measured {
  row: SizeRow;
  orgauth: SplitBundle;
  vendor: SplitBundle;
  orgauthWhole: MeasuredBundle;
  vendorWhole: MeasuredBundle;
}

let missed = false;
let overBudget = false;
try {
  const measured: Measured[] = [];
  for (const row of sizeRows()) {
    measured.push({
      row,
      orgauth: await fromPackage(row.orgauth, row),
      vendor: await fromPackage(row.vendor, row),
      orgauthWhole: await bundle(row.orgauth, {
        ...optionsFor(row),
        resolveDir: join(repoRoot, "bench", "apps"),
        alias: SOURCE_ALIAS,
      }),
      vendorWhole: await bundle(row.vendor, { resolveDir: packed.dir, ...optionsFor(row) }),
    });
  }
  console.log("What a browser downloads (min+gz, each chunk gzipped alone; initial + loaded later)\n");
  printTable(
    ["bundle", "orgauth initial", "+ later", "vendor initial", "+ later", "ratio (initial)", "aim (initial)"],
    measured.map(({ row, orgauth, vendor }) => [
      row.name,
      kb(orgauth.initialGzipBytes),
      later(orgauth),
      kb(vendor.initialGzipBytes),
      later(vendor),
      `${(orgauth.initialGzipBytes / vendor.initialGzipBytes).toFixed(2)}×`,
      verdict(row, orgauth, vendor),
    ]),
  );
  const budget = readBudget();
  console.log(`\nBudget (${checkBudget ? "checked" : "shown"}; bench/size-budget.json, orgauth only)\n`);
  printTable(
    ["bundle", "initial", "budget", "initial + later", "budget", ""],
    measured.map(({ row, orgauth }) => {
      const limit = budget[row.name];
      const within = withinBudget(limit, orgauth);
      if (!within) overBudget = true;
      return [
        row.name,
        bytes(orgauth.initialGzipBytes),
        limit ? bytes(limit.initialGzipBytes) : "none",
        bytes(orgauth.initialGzipBytes + orgauth.laterGzipBytes),
        limit ? bytes(totalLimit(limit)) : "none",
        within ? "✔" : "✖ over",
      ];
    }),
  );
  if (lowerBudget) writeLowerBudget(budget, measured);
  for (const { row, orgauth, vendor, orgauthWhole, vendorWhole } of measured) {
    console.log(`\n${row.name}: chunks and where the bytes go (gz, pro rata to minified bytes)`);
    for (const [name, split, whole] of [
      ["orgauth", orgauth, orgauthWhole],
      ["vendor", vendor, vendorWhole],
    ] as const) {
      const chunkList = split.chunks.map((chunk) => `${kb(chunk.gzipBytes)}${chunk.initial ? "" : " (later)"}`);
      console.log(
        `  ${name}: chunks ${chunkList.join(" + ")}; as one file${name === "orgauth" ? " from source" : ""} ${kb(whole.gzipBytes)}`,
      );
      printParts(whole, whole.gzipBytes);
    }
  }
  console.log("\nreference bundles (from this repository's node_modules)");
  const references: string[][] = [];
  for (const [name, source] of Object.entries(REFERENCE_ENTRIES)) {
    const measuredReference = await bundle(typeof source === "function" ? source() : source);
    references.push([name, kb(measuredReference.gzipBytes)]);
  }
  printTable(["bundle", "min+gz"], references);
} finally {
  packed.remove();
}
if (strict && missed) process.exitCode = 1;
if (checkBudget && overBudget) {
  console.error("\n✖ over the size budget (bench/size-budget.json): make it smaller, the budget does not go up");
  process.exitCode = 1;
}

function readBudget(): Record<string, RowBudget> {
  return JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as Record<string, RowBudget>;
}

/**
 * Writes each row's figures where they are below the budget (rows new to the budget are added as measured): the
 * initial budget and the budget of both together each only go down; the later budget is what they leave; a starting
 * total is kept as it is.
 */
function writeLowerBudget(budget: Record<string, RowBudget>, measured: Measured[]): void {
  const next: Record<string, RowBudget> = {};
  for (const { row, orgauth } of measured) {
    const old = budget[row.name];
    const initial = Math.min(old?.initialGzipBytes ?? Number.POSITIVE_INFINITY, orgauth.initialGzipBytes);
    const total = Math.min(
      old ? old.initialGzipBytes + old.laterGzipBytes : Number.POSITIVE_INFINITY,
      orgauth.initialGzipBytes + orgauth.laterGzipBytes,
    );
    next[row.name] = {
      initialGzipBytes: initial,
      laterGzipBytes: total - initial,
      ...(old?.totalGzipBytes === undefined ? {} : { totalGzipBytes: old.totalGzipBytes }),
    };
  }
  writeFileSync(BUDGET_FILE, `${JSON.stringify(next, null, 2)}\n`);
  console.log("\nbench/size-budget.json lowered to today's figures where they are smaller");
}

function verdict(row: SizeRow, orgauth: SplitBundle, vendor: SplitBundle): string {
  if (!row.aim) return "";
  const size = orgauth.initialGzipBytes;
  const met = "ratio" in row.aim ? size <= vendor.initialGzipBytes * row.aim.ratio : size <= row.aim.gzipBytes;
  if (!met) missed = true;
  const aim = "ratio" in row.aim ? `≤ ${row.aim.ratio.toFixed(2)}×` : `≤ ${kb(row.aim.gzipBytes)}`;
  return `${aim} ${met ? "✔ met" : "✖ missed"}`;
}

function later(split: SplitBundle): string {
  return split.laterGzipBytes ? `+ ${kb(split.laterGzipBytes)}` : "";
}

function printParts(measured: MeasuredBundle, gzipTotal: number): void {
  const parts = new Map<string, number>();
  for (const [file, bytes] of measured.inputs) parts.set(partOf(file), (parts.get(partOf(file)) ?? 0) + bytes);
  const minTotal = [...parts.values()].reduce((sum, bytes) => sum + bytes, 0);
  for (const [part, bytes] of [...parts].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${kb((gzipTotal * bytes) / minTotal).padStart(9)}  ${part}`);
  }
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
}

/** Gzip bytes as the budget holds them, to the byte. */
function bytes(count: number): string {
  return `${count.toLocaleString("en")} B`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
