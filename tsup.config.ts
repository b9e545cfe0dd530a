import { readFile, writeFile } from "node:fs/promises";
import { defineConfig } from "tsup";

/** The React entry's files: marked "use client" for server-component frameworks (the bundler drops directives). */
const CLIENT_ENTRY_FILES = ["dist/react.js", "dist/react.cjs"];

/** Puts the "use client" directive first in each React entry file. */
async function markClientEntries(): Promise<void> {
  for (const file of CLIENT_ENTRY_FILES) {
    const code = await readFile(file, "utf8");
    if (!code.startsWith('"use client";')) await writeFile(file, `"use client";\n${code}`);
  }
}

/** Builds the entries (adapter: Node only), ESM + CJS + .d.ts; peers and dependencies stay external. */
export default defineConfig({
  entry: {
    index: "src/index.ts",
    react: "src/react.ts",
    adapter: "src/adapter/index.ts",
    testing: "src/testing/index.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  // No source maps: the package ships no sources for them to point to.
  sourcemap: false,
  treeshake: true,
  // Shared chunks in CJS too, so `orgauth` and `orgauth/react` share one ApiError class (instanceof works across entries).
  splitting: true,
  target: "es2022",
  external: ["react", "react-dom", "@tanstack/react-query", "zod", "@electric-sql/pglite", "pg", "@auth/core"],
  onSuccess: markClientEntries,
});
