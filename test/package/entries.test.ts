import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, inject, it } from "vitest";
import { documentedEntries, type Runtime } from "./entries/entries-table.js";

/**
 * Every entry of the installed package's `exports` loads, as ES module and as CommonJS, in each runtime
 * docs/entries.md gives it (plain Node; a jsdom window for the browser entries), in an app that has installed only
 * the peers the doc lists for that entry. The entries come from the packed package.json, the promises from the
 * packed docs/entries.md, so a new entry without a row, or a peer the doc forgets, fails here.
 */
const appDir = inject("packedAppDir");
const installed = join(appDir, "node_modules", "orgauth");
const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
};
const documented = documentedEntries(readFileSync(join(installed, "docs", "entries.md"), "utf8"));
const jsdomMain = createRequire(import.meta.url).resolve("jsdom");
const LOADERS = { esm: "load-entry.mjs", cjs: "load-entry.cjs" } as const;

const specifierOf = (key: string): string => (key === "." ? "orgauth" : `orgauth/${key.slice(2)}`);
const exported = Object.entries(manifest.exports).map(([key, target]) => ({
  specifier: specifierOf(key),
  json: typeof target === "string" && target.endsWith(".json"),
}));
const codeEntries = exported.filter((entry) => !entry.json).map((entry) => entry.specifier);
const jsonEntries = exported.filter((entry) => entry.json).map((entry) => entry.specifier);

/** An app beside the packed one with a copy of the package, its dependencies and only the given peers. */
function appWith(name: string, peers: string[]): string {
  const dir = join(appDir, "..", "entries", name.replaceAll("/", "+"));
  if (existsSync(dir)) return dir;
  const modules = join(dir, "node_modules");
  mkdirSync(modules, { recursive: true });
  // copied, not linked: a link would resolve every import next to the original, where all peers are
  cpSync(installed, join(modules, "orgauth"), { recursive: true });
  for (const dependency of [...Object.keys(manifest.dependencies ?? {}), ...peers]) {
    mkdirSync(dirname(join(modules, dependency)), { recursive: true });
    symlinkSync(join(appDir, "node_modules", dependency), join(modules, dependency));
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "entry-app", private: true, type: "module" }));
  for (const loader of Object.values(LOADERS)) cpSync(join(import.meta.dirname, "entries", loader), join(dir, loader));
  return dir;
}

/** Loads `specifier` in the app and returns its export names (throws with the loader's stderr when it fails). */
function load(dir: string, specifier: string, format: keyof typeof LOADERS, runtime: Runtime): string[] {
  const jsdom = format === "esm" ? pathToFileURL(jsdomMain).href : jsdomMain;
  const output = execFileSync(process.execPath, [LOADERS[format], specifier, runtime, jsdom], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(output) as string[];
}

it("every code entry of package.json's exports has its row in docs/entries.md, and every row is an entry", () => {
  expect(documented.map((entry) => entry.specifier).sort()).toEqual([...codeEntries].sort());
  for (const entry of documented) expect(entry.runtimes, entry.specifier).not.toEqual([]);
});

const cases = documented
  .filter((entry) => codeEntries.includes(entry.specifier))
  .flatMap((entry) =>
    entry.runtimes.flatMap((runtime) =>
      (["esm", "cjs"] as const).map((format) => ({ ...entry, runtime, format, peerList: entry.peers.join(", ") })),
    ),
  );

describe("each entry loads with only its documented peers", () => {
  it.each(cases)("$specifier as $format in $runtime (peers: $peerList)", ({ specifier, peers, format, runtime }) => {
    expect(load(appWith(specifier, peers), specifier, format, runtime).length).toBeGreaterThan(0);
  });

  it.each(jsonEntries)("%s loads as JSON, imported and required", (specifier) => {
    const dir = appWith("json", []);
    expect(load(dir, specifier, "esm", "node").length).toBeGreaterThan(0);
    expect(load(dir, specifier, "cjs", "node").length).toBeGreaterThan(0);
  });

  it("an app without a documented peer fails: orgauth/react with neither React nor TanStack Query installed does not load", () => {
    const dir = appWith("react-without-peers", []);
    for (const format of ["esm", "cjs"] as const)
      expect(() => load(dir, "orgauth/react", format, "jsdom")).toThrow(
        /Cannot find (module|package) '(react|@tanstack\/react-query)'/,
      );
  });
});
