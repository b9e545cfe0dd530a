import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { repoRoot } from "../scripts/lib/repo-root.js";

/** A minified bundle of some code importing the library, and its gzip size. */
export interface MeasuredBundle {
  code: string;
  minBytes: number;
  gzipBytes: number;
  /** Minified bytes each input file contributes (from esbuild's metafile), largest first. */
  inputs: [file: string, bytes: number][];
}

/** Where a bundle's imports resolve from, and package names to redirect (e.g. "orgauth" to its source). */
export interface BundleOptions {
  /** Directory the source's imports resolve from; default bench/. */
  resolveDir?: string;
  alias?: Record<string, string>;
  /** Compile-time constants, as an app's bundler would set them (e.g. VALIDATION_OFF). */
  define?: Record<string, string>;
}

/** The `define` that compiles orgauth's validation out of a bundle. */
export const VALIDATION_OFF = { "globalThis.ORGAUTH_VALIDATION": JSON.stringify("off") };

/** Bundles `source` the way an app would: ESM, minified, peers external. */
export async function bundle(source: string, options: BundleOptions = {}): Promise<MeasuredBundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: options.resolveDir ?? join(repoRoot, "bench"), loader: "tsx" },
    ...(options.alias ? { alias: options.alias } : {}),
    ...(options.define ? { define: options.define } : {}),
    jsx: "automatic",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    external: ["react", "react-dom", "react/jsx-runtime", "@tanstack/react-query"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.text;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]): [string, number] => [file, bytesInOutput])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
  return { code, minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length, inputs };
}

/** A minimal use of each zod/mini factory the generator emits, to measure what zod itself costs. */
const ZOD_SAMPLES: Record<string, string> = {
  object: "z.object({ a: z.string() })",
  strictObject: "z.strictObject({ a: z.string() })",
  looseObject: "z.looseObject({})",
  catchall: "z.catchall(z.object({}), z.string())",
  string: "z.string()",
  int: "z.int()",
  number: "z.number()",
  boolean: "z.boolean()",
  unknown: "z.unknown()",
  enum: 'z.enum(["a", "b"])',
  literal: 'z.literal("a")',
  array: "z.array(z.string())",
  optional: "z.optional(z.string())",
  nullable: "z.nullable(z.string())",
  union: "z.union([z.string(), z.boolean()])",
  discriminatedUnion: 'z.discriminatedUnion("t", [z.object({ t: z.literal("a") }), z.object({ t: z.literal("b") })])',
  intersection: "z.intersection(z.object({}), z.object({}))",
  _default: "z._default(z.boolean(), false)",
  "iso.datetime": "z.iso.datetime({ offset: true })",
  minLength: "z.string().check(z.minLength(1))",
  maxLength: "z.string().check(z.maxLength(1))",
  minimum: "z.int().check(z.minimum(0))",
  maximum: "z.int().check(z.maximum(0))",
};

/** openapi-fetch plus one use of each zod/mini factory src/generated/zod.ts calls, parsed once: what no validating fetcher bundle can go below. */
export function zodFloorSource(): string {
  const zod = readFileSync(join(repoRoot, "src", "generated", "zod.ts"), "utf8");
  const factories = [...new Set([...zod.matchAll(/\bz\.([\w.]+)\(/g)].map((match) => match[1]!))].sort();
  const unknown = factories.filter((name) => !(name in ZOD_SAMPLES));
  if (unknown.length)
    throw new Error(`bench/bundle.ts has no zod sample for ${unknown.join(", ")}: add one to ZOD_SAMPLES`);
  const samples = factories.map((name, i) => `s${i}: ${ZOD_SAMPLES[name]}`).join(", ");
  return `import createClient from "openapi-fetch"; import * as z from "zod/mini"; export { createClient }; export const s = z.object({ ${samples} }); export const parse = (v: unknown) => s.safeParse(v);`;
}

/** Reference bundles `npm run size` prints under the comparison: what zod and openapi-fetch cost on their own. */
export const REFERENCE_ENTRIES = {
  "floor: openapi-fetch + every zod/mini kind zod.ts uses": zodFloorSource,
  "zod/mini, one object": `import * as z from "zod/mini"; export const s = z.object({ a: z.string() });`,
  "zod classic, one object": `import * as z from "zod"; export const s = z.object({ a: z.string() });`,
  "openapi-fetch createClient": `export { default } from "openapi-fetch";`,
} as const satisfies Record<string, string | (() => string)>;
