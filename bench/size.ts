import { SIZE_ENTRIES, bundle } from "./bundle.js";

/**
 * `npm run size [-- --explain] [-- --strict]`: min and min+gzip bytes of what an app pays for each way of using
 * orgauth (esbuild, peers external), against the size aims (one fetcher with its validators ≤ 5 KB gz, all
 * fetchers ≤ 12 KB gz). The floors are what openapi-fetch and zod/mini cost before any code of ours: no fetcher
 * bundle can go below them. `--explain` lists what each aimed bundle is made of (esbuild metafile);
 * `--strict` exits 1 when an aim is missed.
 */
const AIMS: Partial<Record<keyof typeof SIZE_ENTRIES, { aim: number; floor: keyof typeof SIZE_ENTRIES }>> = {
  "one fetcher (login) + transport": { aim: 5 * 1024, floor: "floor: openapi-fetch + zod/mini one object, parsed" },
  "all fetchers + transport": { aim: 12 * 1024, floor: "floor: openapi-fetch + every zod/mini factory zod.ts uses" },
};

const explain = process.argv.includes("--explain");
const strict = process.argv.includes("--strict");
const measured = new Map<string, Awaited<ReturnType<typeof bundle>>>();
for (const [name, source] of Object.entries(SIZE_ENTRIES)) measured.set(name, await bundle(typeof source === "function" ? source() : source));

const header = ["bundle", "min", "min+gz", "aim (gz)"];
const rows = [...measured].map(([name, { minBytes, gzipBytes }]) => {
  const target = AIMS[name as keyof typeof SIZE_ENTRIES];
  if (!target) return [name, kb(minBytes), kb(gzipBytes), ""];
  const verdict = gzipBytes <= target.aim ? "✔ met" : `✖ missed by ${kb(gzipBytes - target.aim)}`;
  return [name, kb(minBytes), kb(gzipBytes), `${kb(target.aim)} ${verdict}`];
});
const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd());

let missed = false;
console.log("");
for (const [name, target] of Object.entries(AIMS)) {
  const ours = measured.get(name)!.gzipBytes;
  const floor = measured.get(target.floor)!.gzipBytes;
  if (ours > target.aim) missed = true;
  const verdict =
    ours <= target.aim
      ? `meets the aim of ${kb(target.aim)}`
      : `MISSES the aim of ${kb(target.aim)} by ${kb(ours - target.aim)}${floor > target.aim ? " (unreachable with openapi-fetch and zod/mini: their floor alone is above it)" : ""}`;
  console.log(`${name}: ${kb(ours)} gz ${verdict}.`);
  console.log(`  ${kb(ours - floor)} of it sits above the floor (${kb(floor)}): our transport, descriptors and validators, plus any zod/mini kinds the floor does not use.`);
}

if (explain) {
  for (const name of Object.keys(AIMS)) {
    console.log(`\n${name}: minified bytes per input (esbuild metafile)`);
    for (const [file, bytes] of measured.get(name)!.inputs) console.log(`  ${String(bytes).padStart(7)}  ${file.replace(/^.*node_modules\//, "node_modules/").replace(/^(\.\.\/)+/, "")}`);
  }
}
if (strict && missed) process.exitCode = 1;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} KB`;
}
