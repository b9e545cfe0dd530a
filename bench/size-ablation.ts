import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "esbuild";
import { repoRoot } from "../scripts/lib/repo-root.js";
import { bundle, bundleSplit, DEFAULT_EXTERNAL, REACT_EXTERNAL, VALIDATION_OFF, type BundleOptions } from "./bundle.js";
import { ABLATIONS, type Ablation, type SourceEdit } from "./size-ablations.js";

/**
 * `npx tsx bench/size-ablation.ts`: what each behaviour of the session costs the session-only app and
 * `createAuthClient` alone, and their floor with only the first-refresh path. Each behaviour is taken out of the
 * sources by the edits in bench/size-ablations.ts (a stub in place of its code), the row is bundled as
 * `npm run size` bundles it (ESM, splitting, minified, each chunk gzipped alone) and the initial download compared
 * with the untouched row's. The sources are bundled, not the packed package (an edit needs the module it edits; the
 * package's chunks group several): the untouched rows, printed last, match `npm run size` to within a few tens of
 * bytes. Gzip does not add up: the behaviours' figures sum to more or less than the floor's saving. `--files` adds
 * the floors' minified bytes per file.
 */
const alias = {
  "orgauth/react": join(repoRoot, "src", "react.ts"),
  orgauth: join(repoRoot, "src", "index.ts"),
};
const rows = [
  {
    name: "session-only app",
    code: readFileSync(join(repoRoot, "bench", "apps", "orgauth-session-app.tsx"), "utf8"),
    external: REACT_EXTERNAL,
  },
  { name: "createAuthClient alone", code: `export { createAuthClient } from "orgauth";`, external: DEFAULT_EXTERNAL },
] as const;

/** An esbuild plugin that applies `edits` to the source files they name; an edit that matches nothing throws. */
function editSources(edits: readonly SourceEdit[]): Plugin {
  const byFile = new Map<string, SourceEdit[]>();
  for (const edit of edits)
    byFile.set(join(repoRoot, edit.file), [...(byFile.get(join(repoRoot, edit.file)) ?? []), edit]);
  return {
    name: "ablation-edits",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, (args) => {
        const fileEdits = byFile.get(args.path);
        if (!fileEdits) return undefined;
        let code = readFileSync(args.path, "utf8");
        for (const edit of fileEdits) {
          const next = code.replace(edit.find, edit.replace);
          if (next === code) throw new Error(`ablation edit matches nothing in ${edit.file}: ${edit.find}`);
          code = next;
        }
        return { contents: code, loader: args.path.endsWith("x") ? "tsx" : "ts" };
      });
    },
  };
}

async function measure(code: string, external: readonly string[], ablations: readonly Ablation[]) {
  const options: BundleOptions & { plugins: Plugin[] } = {
    resolveDir: join(repoRoot, "bench", "apps"),
    alias,
    external,
    plugins: [editSources(ablations.flatMap((ablation) => ablation.edits))],
    ...(ablations.some((ablation) => ablation.validationOff) ? { define: VALIDATION_OFF } : {}),
  };
  return bundleSplit(code, options);
}

const applies = (ablation: Ablation, row: string) => !ablation.rows || ablation.rows.includes(row);
console.log(`| behaviour | vendor has it | ${rows.map((row) => `${row.name}: initial saved (later)`).join(" | ")} |`);
console.log(`|---|---|${rows.map(() => "---|").join("")}`);
const base = await Promise.all(rows.map((row) => measure(row.code, row.external, [])));
for (const ablation of ABLATIONS) {
  const cells: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (!applies(ablation, row.name)) {
      cells.push("–");
      continue;
    }
    const cut = await measure(row.code, row.external, [ablation]);
    const later = cut.laterGzipBytes - base[i]!.laterGzipBytes;
    cells.push(
      `${base[i]!.initialGzipBytes - cut.initialGzipBytes} B${later ? ` (later ${later > 0 ? "+" : ""}${later} B)` : ""}`,
    );
  }
  console.log(`| ${ablation.name} | ${ablation.vendorHasIt} | ${cells.join(" | ")} |`);
}
for (const [label, keep] of [
  ["floor: only the first-refresh path, validating", (ablation: Ablation) => !ablation.validationOff],
  ["floor: only the first-refresh path, validation compiled out", () => true],
] as const) {
  const cells: string[] = [];
  for (const [i, row] of rows.entries()) {
    const floor = await measure(
      row.code,
      row.external,
      ABLATIONS.filter((ablation) => keep(ablation) && applies(ablation, row.name)),
    );
    cells.push(`${floor.initialGzipBytes} B initial (${base[i]!.initialGzipBytes - floor.initialGzipBytes} B saved)`);
  }
  console.log(`| ${label} | | ${cells.join(" | ")} |`);
}
console.log(
  `\nuntouched rows: ${rows.map((row, i) => `${row.name} ${base[i]!.initialGzipBytes} B (+ ${base[i]!.laterGzipBytes} B later)`).join("; ")}`,
);

if (process.argv.includes("--files")) {
  // what the floor still carries, file by file (minified bytes of the one-file bundle)
  for (const row of rows) {
    const floor = await bundle(row.code, {
      resolveDir: join(repoRoot, "bench", "apps"),
      alias,
      external: row.external,
      define: VALIDATION_OFF,
      plugins: [editSources(ABLATIONS.filter((ablation) => applies(ablation, row.name)).flatMap((a) => a.edits))],
    });
    console.log(`\n${row.name}, floor without validation: ${floor.minBytes} B minified, ${floor.gzipBytes} B gz`);
    for (const [file, bytes] of floor.inputs)
      console.log(`  ${String(bytes).padStart(6)}  ${file.replace(/^.*?src\//, "src/")}`);
  }
}
