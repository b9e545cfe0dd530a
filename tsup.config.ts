import { defineConfig } from "tsup";

/** Builds the entries (adapter: Node only), ESM + CJS + .d.ts; peers and dependencies stay external. */
export default defineConfig({
  entry: { index: "src/index.ts", react: "src/react.ts", adapter: "src/adapter/index.ts", testing: "src/testing/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  // No source maps: the package ships no sources for them to point to.
  sourcemap: false,
  treeshake: true,
  // Shared chunks in CJS too, so `orgauth` and `orgauth/react` share one ApiError class (instanceof works across entries).
  splitting: true,
  target: "es2022",
  external: ["react", "react-dom", "@tanstack/react-query", "zod", "openapi-fetch", "@electric-sql/pglite", "pg", "@auth/core"],
});
