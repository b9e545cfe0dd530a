import { join } from "node:path";
import { createPackedApp } from "../scripts/lib/packed-app.js";
import { repoRoot } from "../scripts/lib/repo-root.js";
import { REFERENCE_ENTRIES, VALIDATION_OFF, bundle, type MeasuredBundle } from "./bundle.js";
import { partOf, sizeRows, type SizeRow } from "./size-rows.js";

/**
 * `npm run size [-- --strict]`: what an app ships, measured on the package as users install it. The package is
 * built, packed and installed into a throwaway app (scripts/lib/packed-app.ts); each row is the same job written
 * with orgauth and with the vendor's SDK, bundled by esbuild (minified, ESM; react, react-dom and
 * @tanstack/react-query external), gzip level 9. Then the per-part breakdown of each orgauth bundle (esbuild's
 * metafile over the same code bundled from source, gzip shared pro rata to minified bytes) and of each vendor
 * bundle. `--strict` exits 1 when an aim is missed.
 */
const strict = process.argv.includes("--strict");
const packed = createPackedApp();
const defineFor = (row: SizeRow) => (row.validationOff ? { define: VALIDATION_OFF } : {});
const fromPackage = (code: string, row: SizeRow) => bundle(code, { resolveDir: packed.dir, ...defineFor(row) });
const fromSource = (code: string, row: SizeRow) =>
  bundle(code, {
    resolveDir: join(repoRoot, "bench", "apps"),
    alias: { "orgauth/react": join(repoRoot, "src", "react.ts"), orgauth: join(repoRoot, "src", "index.ts") },
    ...defineFor(row),
  });

interface Measured {
  row: SizeRow;
  orgauth: MeasuredBundle;
  vendor: MeasuredBundle;
  orgauthSource: MeasuredBundle;
}

let missed = false;
try {
  const measured: Measured[] = [];
  for (const row of sizeRows()) {
    measured.push({
      row,
      orgauth: await fromPackage(row.orgauth, row),
      vendor: await fromPackage(row.vendor, row),
      orgauthSource: await fromSource(row.orgauth, row),
    });
  }
  printTable(
    ["bundle (min+gz)", "orgauth", "vendor", "ratio", "aim"],
    measured.map(({ row, orgauth, vendor }) => [
      row.name,
      kb(orgauth.gzipBytes),
      kb(vendor.gzipBytes),
      ratio(orgauth, vendor),
      verdict(row, orgauth, vendor),
    ]),
  );
  for (const { row, orgauth, vendor, orgauthSource } of measured) {
    console.log(`\n${row.name}: where the bytes go (gz, pro rata to minified bytes)`);
    console.log(`  orgauth ${kb(orgauth.gzipBytes)} (from source ${kb(orgauthSource.gzipBytes)}):`);
    printParts(orgauthSource, orgauth.gzipBytes);
    console.log(`  vendor ${kb(vendor.gzipBytes)}:`);
    printParts(vendor, vendor.gzipBytes);
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

function verdict(row: SizeRow, orgauth: MeasuredBundle, vendor: MeasuredBundle): string {
  if (!row.aim) return "";
  const met =
    "ratio" in row.aim ? orgauth.gzipBytes <= vendor.gzipBytes * row.aim.ratio : orgauth.gzipBytes <= row.aim.gzipBytes;
  if (!met) missed = true;
  const aim = "ratio" in row.aim ? `≤ ${row.aim.ratio.toFixed(2)}×` : `≤ ${kb(row.aim.gzipBytes)}`;
  return `${aim} ${met ? "✔ met" : "✖ missed"}`;
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

function ratio(orgauth: MeasuredBundle, vendor: MeasuredBundle): string {
  return `${(orgauth.gzipBytes / vendor.gzipBytes).toFixed(2)}×`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
