import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";

// The browser entries must never reach the server-only identity store or its drivers.
describe("entry boundaries", () => {
  for (const entry of ["src/index.ts", "src/react.ts"]) {
    it(`${entry} does not reach src/adapter, pg, PGlite or @auth/core`, async () => {
      const result = await build({
        entryPoints: [`${repoRoot}/${entry}`],
        bundle: true,
        write: false,
        metafile: true,
        platform: "browser",
        format: "esm",
        packages: "external",
        logLevel: "silent",
      });
      const inputs = Object.keys(result.metafile.inputs);
      const imports = Object.values(result.metafile.inputs).flatMap((input) =>
        input.imports.map((imported) => imported.path),
      );
      expect(inputs.some((path) => path.includes("src/adapter/"))).toBe(false);
      expect(imports.filter((path) => /^(pg|@electric-sql\/pglite|@auth\/core)(\/|$)/.test(path))).toEqual([]);
      expect(inputs.length).toBeGreaterThan(5);
    });
  }
});
