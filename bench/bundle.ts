import { build } from "esbuild";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { repoRoot } from "../scripts/lib/prism.js";

/** A minified bundle of some code importing the library, and its gzip size. */
export interface MeasuredBundle {
  code: string;
  minBytes: number;
  gzipBytes: number;
}

/** Bundles `source` (resolved from the repo root) the way an app would: ESM, minified, peers external. */
export async function bundle(source: string): Promise<MeasuredBundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: join(repoRoot, "bench"), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external: ["react", "react-dom", "react/jsx-runtime", "@tanstack/react-query"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  return { code, minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** The bundles `npm run size` reports. */
export const SIZE_ENTRIES = {
  "one fetcher (login) + transport": `export { login } from "../src/generated/operations.ts"; export { createTransport } from "../src/transport/index.ts";`,
  "all fetchers + transport": `export * from "../src/generated/operations.ts"; export { createTransport } from "../src/transport/index.ts";`,
  "orgauth entry (everything)": `export * from "../src/index.ts";`,
  "orgauth/react entry (everything)": `export * from "../src/react.ts";`,
  "baseline: zod/mini one object": `import * as z from "zod/mini"; export const s = z.object({ a: z.string() });`,
  "baseline: zod classic one object": `import * as z from "zod"; export const s = z.object({ a: z.string() });`,
  "baseline: openapi-fetch createClient": `export { default } from "openapi-fetch";`,
} as const;
