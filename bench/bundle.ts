import { build, type BuildOptions, type Metafile, type Plugin } from "esbuild";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { basename, join, resolve } from "node:path";
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
  /** Packages left out of the bundle (the app loads them anyway); default react, react-dom and TanStack Query. */
  external?: readonly string[];
  /** esbuild plugins (bench/size-ablation.ts edits the sources with one). */
  plugins?: Plugin[];
}

/** React and its JSX runtime: left out of every bundle (every app on either SDK ships them). */
export const REACT_EXTERNAL = ["react", "react-dom", "react/jsx-runtime"] as const;

/** The default externals: React, and TanStack Query for apps that use it on either side. */
export const DEFAULT_EXTERNAL = [...REACT_EXTERNAL, "@tanstack/react-query"] as const;

/** The framework's own modules, external to a Next.js app's browser half on both sides. */
export const NEXT_EXTERNAL = ["next", "next/*"] as const;

/** One chunk of a split bundle: what a browser fetches as one file. */
export interface MeasuredChunk {
  file: string;
  /** The chunk's minified code. */
  code: string;
  /** The input files it carries code of (from esbuild's metafile). */
  inputs: string[];
  minBytes: number;
  /** Gzip level 9 of this chunk alone (a browser fetches chunks one by one). */
  gzipBytes: number;
  /** True when the entry loads it before it runs (static imports), false when loaded later by `import()`. */
  initial: boolean;
}

/** A code-split bundle as a browser downloads it: initial chunks apart from those loaded later. */
export interface SplitBundle {
  chunks: MeasuredChunk[];
  initialGzipBytes: number;
  laterGzipBytes: number;
}

/** The `define` that compiles orgauth's validation out of a bundle. */
export const VALIDATION_OFF = { "globalThis.ORGAUTH_VALIDATION": JSON.stringify("off") };

/** What every measured bundle shares: an app's production build (ESM, minified, no license comments, peers external). */
function appBuildOptions(options: BundleOptions) {
  return {
    ...(options.alias ? { alias: options.alias } : {}),
    ...(options.define ? { define: options.define } : {}),
    ...(options.plugins ? { plugins: options.plugins } : {}),
    jsx: "automatic",
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    external: [...(options.external ?? DEFAULT_EXTERNAL)],
    legalComments: "none",
    logLevel: "silent",
  } as const satisfies BuildOptions;
}

/** Bundles `source` the way an app would: ESM, minified, peers external. */
export async function bundle(source: string, options: BundleOptions = {}): Promise<MeasuredBundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: options.resolveDir ?? join(repoRoot, "bench"), loader: "tsx" },
    ...appBuildOptions(options),
  });
  const code = result.outputFiles[0]!.text;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]): [string, number] => [file, bytesInOutput])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);
  return { code, minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length, inputs };
}

/**
 * Bundles `source` as an app's production build would: ESM with code splitting, minified, license comments
 * stripped, peers external. Each output chunk is gzipped on its own; a chunk is initial when the entry reaches it
 * through static imports, later when only an `import()` reaches it. A chunk the entry cannot reach at all is left
 * out: esbuild emits one for every `import()` in the modules it reads, even one in code it drops (an unused
 * fetcher's validators), and no browser ever fetches it.
 */
export async function bundleSplit(source: string, options: BundleOptions = {}): Promise<SplitBundle> {
  const resolveDir = options.resolveDir ?? join(repoRoot, "bench");
  const entryDir = mkdtempSync(join(resolveDir, ".size-entry-"));
  const entry = join(entryDir, "entry.tsx");
  writeFileSync(entry, source);
  try {
    const result = await build({
      entryPoints: [entry],
      ...appBuildOptions(options),
      splitting: true,
      outdir: join(entryDir, "out"),
    });
    const stable = stableChunkNames(result.outputFiles);
    const initial = reachedOutputs(result.metafile, ["import-statement"]);
    const reached = reachedOutputs(result.metafile, ["import-statement", "dynamic-import"]);
    const chunks = result.outputFiles
      .filter((file) => file.path.endsWith(".js"))
      .flatMap((file): MeasuredChunk[] => {
        const key = Object.keys(result.metafile.outputs).find((output) => resolve(output) === file.path)!;
        if (!reached.has(key)) return [];
        return [
          {
            file: basename(file.path),
            code: file.text,
            inputs: Object.entries(result.metafile.outputs[key]!.inputs)
              .filter(([, input]) => input.bytesInOutput > 0)
              .map(([input]) => input),
            minBytes: Buffer.byteLength(file.text),
            gzipBytes: gzipSync(stable(file.text), { level: 9 }).length,
            initial: initial.has(key),
          },
        ];
      });
    const sum = (list: MeasuredChunk[]) => list.reduce((total, chunk) => total + chunk.gzipBytes, 0);
    return {
      chunks,
      initialGzipBytes: sum(chunks.filter((chunk) => chunk.initial)),
      laterGzipBytes: sum(chunks.filter((chunk) => !chunk.initial)),
    };
  } finally {
    rmSync(entryDir, { recursive: true, force: true });
  }
}

/**
 * Chunk names whose content hashes do not depend on where a measurement runs, nor on files the chunk does not
 * carry. esbuild's hashes change with the throwaway folders of a run, and a chunk of the packed package keeps the
 * package's own chunk hash in its name (`listOrgMembers-<package hash>-<app hash>.js`), which changes whenever any
 * file of the package does: the gzip size of the code that names them changed with them, by a few bytes either way.
 * Each run of hashes is replaced by a hash of the chunk's own code (its references left out), as random-looking as
 * esbuild's, the same in every run.
 */
function stableChunkNames(files: readonly { path: string; text: string }[]): (code: string) => string {
  const stable = new Map<string, string>();
  for (const file of files) {
    const hashes = CHUNK_HASHES.exec(basename(file.path))?.[0];
    if (!hashes) continue;
    const digest = createHash("sha256").update(file.text.replace(CHUNK_HASHES_GLOBAL, "")).digest();
    stable.set(hashes, `-${Array.from(digest.subarray(0, 8), (byte) => BASE32[byte % 32]).join("")}.js`);
  }
  return (code) => code.replace(CHUNK_HASHES_GLOBAL, (hashes: string) => stable.get(hashes) ?? hashes);
}

const CHUNK_HASHES = /(?:-[A-Z0-9]{8})+\.js$/;
const CHUNK_HASHES_GLOBAL = /(?:-[A-Z0-9]{8})+\.js\b/g;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * The outputs the entry reaches through imports of the given kinds: through static imports, what a browser fetches
 * before the app runs; through `import()` too, everything it may ever fetch.
 */
function reachedOutputs(metafile: Metafile, kinds: readonly string[]): Set<string> {
  const outputs = metafile.outputs;
  // the app's own entry (esbuild marks each dynamically imported module as an entry point too)
  const pending = Object.keys(outputs).filter((key) => outputs[key]!.entryPoint?.endsWith("entry.tsx"));
  const reached = new Set<string>();
  while (pending.length) {
    const key = pending.pop()!;
    if (reached.has(key)) continue;
    reached.add(key);
    for (const imported of outputs[key]!.imports)
      if (kinds.includes(imported.kind) && !imported.external) pending.push(imported.path);
  }
  return reached;
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
  refine: "z.number().check(z.refine(Number.isInteger))",
};

/** openapi-fetch plus one use of each zod/mini factory src/generated/zod.ts calls, parsed once: what no validating fetcher bundle can go below. */
export function zodFloorSource(): string {
  const dir = join(repoRoot, "src", "generated", "zod");
  const zod = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), "utf8"))
    .join("\n");
  const factories = [...new Set([...zod.matchAll(/\bz\.([\w.]+)\(/g)].map((match) => match[1]!))].sort();
  const unknown = factories.filter((name) => !(name in ZOD_SAMPLES));
  if (unknown.length)
    throw new Error(`bench/bundle.ts has no zod sample for ${unknown.join(", ")}: add one to ZOD_SAMPLES`);
  const samples = factories.map((name, i) => `s${i}: ${ZOD_SAMPLES[name]}`).join(", ");
  return `import createClient from "openapi-fetch"; import * as z from "zod/mini"; export { createClient }; export const s = z.object({ ${samples} }); export const parse = (v: unknown) => s.safeParse(v);`;
}

/** Reference bundles `npm run size` prints under the comparison: what zod and openapi-fetch cost on their own. */
export const REFERENCE_ENTRIES = {
  "floor: openapi-fetch + every zod/mini kind the validators use": zodFloorSource,
  "zod/mini, one object": `import * as z from "zod/mini"; export const s = z.object({ a: z.string() });`,
  "zod classic, one object": `import * as z from "zod"; export const s = z.object({ a: z.string() });`,
  "openapi-fetch createClient": `export { default } from "openapi-fetch";`,
  // The URL-building decision (docs/architecture.md): openapi-fetch's serialisers against the transport's own builder.
  "openapi-fetch URL serialisers (createFinalURL, createQuerySerializer, defaultPathSerializer)": `export { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";`,
  "orgauth URL builder (operationUrl, from source)": `export { operationUrl } from "../src/transport/request-url.js";`,
} as const satisfies Record<string, string | (() => string)>;
