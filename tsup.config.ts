import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import { build, defineConfig, type Options } from "tsup";
import type { EmittedDeclarations } from "./scripts/lib/declarations.js";
import { bundleAdminScript } from "./src/emulator/admin-ui/script.js";

/**
 * The client half of "orgauth/react" (provider, hooks, guards, components): built as its own file, `react-client`,
 * and marked "use client". The entry `react` re-exports it without bundling it in, so a server-component bundler
 * (Next.js) treats only that file as client code and runs the rest of the entry (errors, key factories, query
 * options) on the server.
 */
const CLIENT_SOURCE = fileURLToPath(new URL("src/hooks/client.ts", import.meta.url));
/**
 * orgauth/react's session hooks and guard without TanStack Query, a file of its own (`react-session-hooks`) the same
 * way: orgauth/nextjs/client re-exports them from it (a session-only app resolves no @tanstack/react-query).
 */
const SESSION_HOOKS_SOURCE = fileURLToPath(new URL("src/hooks/session-hooks.ts", import.meta.url));
/** The sources that stay files of their own, by the built file's name. */
const OWN_FILES: Record<string, string> = {
  [CLIENT_SOURCE]: "react-client",
  [SESSION_HOOKS_SOURCE]: "react-session-hooks",
};
const CLIENT_FILES = [
  "dist/react-client.js",
  "dist/react-client.cjs",
  "dist/react-session-hooks.js",
  "dist/react-session-hooks.cjs",
  // The browser half of the Next.js server session.
  "dist/nextjs-client.js",
  "dist/nextjs-client.cjs",
  // The testing kit's React part is client code throughout.
  "dist/testing/react.js",
  "dist/testing/react.cjs",
];

/**
 * Stands for the built `react-client` file in the bundles until `afterBuild` writes the real path: an import of it
 * can land in an entry of any folder (`testing/react.js` needs `../react-client.js`) or in a shared chunk, and only
 * the written file knows where it is.
 */
const CLIENT_PLACEHOLDER = "orgauth-own-file:";

/** Leaves every import of an own-file source (but its own entry point) to its built file (`react-client` …). */
const clientHalfStaysOwnFile: Plugin = {
  name: "client-half-stays-own-file",
  setup(build) {
    build.onResolve({ filter: /(client|session-hooks)\.js$/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      const resolved = fileURLToPath(new URL(args.path.replace(/\.js$/, ".ts"), `file://${args.importer}`));
      const name = OWN_FILES[resolved];
      return name === undefined ? undefined : { path: `${CLIENT_PLACEHOLDER}${name}`, external: true };
    });
  },
};

/** The admin UI's script, bundled once for both formats. */
let adminScriptText: Promise<string> | undefined;

/**
 * Builds the admin UI's browser modules at build time and puts the bundle in place of `admin-ui/script.ts` (which
 * bundles on first use when run from source), so the package carries the script and needs no esbuild.
 */
const adminScriptBuiltIn: Plugin = {
  name: "admin-script-built-in",
  setup(build) {
    build.onLoad({ filter: /[\\/]emulator[\\/]admin-ui[\\/]script\.ts$/ }, async () => {
      adminScriptText ??= bundleAdminScript();
      const text = JSON.stringify(await adminScriptText);
      return { contents: `export const adminScript = async () => ${text};`, loader: "js" };
    });
  },
};

/**
 * A build's declarations: its entries' `.d.ts` files, which one TypeScript program emits for both builds before they
 * start (scripts/lib/declarations.ts: without type-checking the sources again, the `types` stage's `tsc` does; without
 * the declarations marked @internal, shared between the entries, not for consumers), bundled by tsup.
 */
function declarationsOf(
  entry: Record<string, string>,
  emitted: EmittedDeclarations,
): Exclude<Options["dts"], undefined> {
  return {
    entry: Object.fromEntries(Object.entries(entry).map(([name, source]) => [name, emitted.of(source)])),
    compilerOptions: { paths: emitted.paths },
  };
}

/** Every built module (`.js`, `.cjs`) under `dir`. */
async function builtModules(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => /\.c?js$/.test(name)).map((name) => join(dir, name));
}

/** Points each import of a placeholder at its own file of the importing file's format, relative to it. */
async function linkClientHalf(): Promise<void> {
  for (const file of await builtModules("dist")) {
    let code = await readFile(file, "utf8");
    if (!code.includes(CLIENT_PLACEHOLDER)) continue;
    for (const name of Object.values(OWN_FILES)) {
      const target = `${name}${extname(file)}`;
      const path = relative(dirname(file), join("dist", target)) || target;
      const specifier = path.startsWith(".") ? path : `./${path}`;
      code = code.replaceAll(`${CLIENT_PLACEHOLDER}${name}`, specifier);
    }
    await writeFile(file, code);
  }
}

/**
 * Loads each lazy chunk of the CommonJS build with `require` (on a microtask, still a promise): an `import()` in a
 * CommonJS module fails under jest 29, which runs modules in a VM without `--experimental-vm-modules`.
 */
async function requireLazyChunks(): Promise<void> {
  for (const file of (await builtModules("dist")).filter((name) => name.endsWith(".cjs"))) {
    const code = await readFile(file, "utf8");
    const required = code.replace(
      /\bimport\((["'])(\.{1,2}\/[^"']+\.cjs)\1\)/g,
      (_, quote: string, path: string) => `Promise.resolve().then(() => require(${quote}${path}${quote}))`,
    );
    if (required !== code) await writeFile(file, required);
  }
}

/** The guards' own sources: the entries, the guard glue and the error list they re-export. All else is `server`'s. */
const GUARD_SOURCES = new Set(
  [
    "src/express/index.ts",
    "src/fastify/index.ts",
    "src/fetch/index.ts",
    "src/server/guard.ts",
    "src/server/guard-set.ts",
    "src/server/request-auth.ts",
    "src/server/guard-errors.ts",
  ].map((path) => fileURLToPath(new URL(path, import.meta.url))),
);

/**
 * Takes every module of the guards but their own from the built `server` entry (`./server.js`, `./server.cjs` in
 * the CommonJS build) instead of bundling a copy: the caller core and the error classes exist once in the package, so
 * an error an `orgauth/express` guard throws is `instanceof` the class `orgauth/server` exports.
 */
const guardsUseServerEntry: Plugin = {
  name: "guards-use-server-entry",
  setup(build) {
    // tsup builds the CommonJS files with splitting as ES modules it converts after: the output extension tells them
    const serverEntry = `./server${build.initialOptions.outExtension?.[".js"] ?? ".js"}`;
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === "entry-point" || !GUARD_SOURCES.has(args.importer)) return undefined;
      const resolved = fileURLToPath(new URL(args.path.replace(/\.js$/, ".ts"), `file://${args.importer}`));
      return GUARD_SOURCES.has(resolved) ? undefined : { path: serverEntry, external: true };
    });
  },
};

/**
 * The guards' entries for Node and edge servers (Express, Fastify, fetch-style/Hono), built apart from the main
 * entries so that their code never joins the browser entries' shared chunks (the browser rows of `npm run size` do
 * not move); they share chunks among themselves only, and take the caller core and the error classes from the built
 * `server` entry (`guardsUseServerEntry`). It runs when the main build has succeeded (`afterBuild`), so the main
 * build's emptying of `dist/` can never remove its files.
 */
const guardsBuild: Options = {
  config: false,
  entry: { express: "src/express/index.ts", fastify: "src/fastify/index.ts", fetch: "src/fetch/index.ts" },
  format: ["esm", "cjs"],
  clean: false,
  sourcemap: false,
  treeshake: true,
  splitting: true,
  target: "es2022",
  external: ["zod", "jose", "express", "fastify", "hono"],
  esbuildPlugins: [guardsUseServerEntry],
};

/**
 * Builds the guards' entries with `guards` (after the main build has emptied `dist/` and written its files), links
 * the client half, loads the CommonJS build's lazy chunks with `require` (the guards' too), puts the "use client"
 * directive first in the client files (the bundler drops directives) and ships the seed schema.
 */
async function afterBuild(guards: Options): Promise<void> {
  await build(guards);
  await linkClientHalf();
  await requireLazyChunks();
  for (const file of CLIENT_FILES) {
    const code = await readFile(file, "utf8");
    if (!code.startsWith('"use client";')) await writeFile(file, `"use client";\n${code}`);
  }
  await copyFile("src/emulator/seeds/seed.schema.json", "dist/seed.schema.json");
}

/** Builds the entries (adapter and emulator: Node only), ESM + CJS + .d.ts; peers and dependencies stay external. */
const mainBuild: Options = {
  entry: {
    index: "src/index.ts",
    react: "src/react.ts",
    schemas: "src/schemas.ts",
    "react-client": "src/hooks/client.ts",
    "react-session-hooks": "src/hooks/session-hooks.ts",
    adapter: "src/adapter/index.ts",
    testing: "src/testing/index.ts",
    "testing/react": "src/testing/react.ts",
    // Next.js App Router: the server half (server components, route handlers, middleware) and the browser half.
    nextjs: "src/nextjs/index.ts",
    "nextjs-client": "src/nextjs/client.ts",
    emulator: "src/emulator/index.ts",
    // The session on the server (Node and edge): verification with jose, the request handler, the auth routes.
    server: "src/server/index.ts",
    // The `orgauth-emulator` command (package.json "bin").
    "emulator-cli": "src/emulator/bin.ts",
  },
  format: ["esm", "cjs"],
  clean: true,
  // No source maps: the package ships no sources for them to point to.
  sourcemap: false,
  treeshake: true,
  // Shared chunks in CJS too, so `orgauth` and `orgauth/react` share one ApiError class (instanceof works across entries).
  splitting: true,
  target: "es2022",
  external: [
    "react",
    "react-dom",
    "@tanstack/react-query",
    /^next(\/|$)/,
    "zod",
    "@electric-sql/pglite",
    "pg",
    "@auth/core",
    "jose",
    "otpauth",
    "qrcode",
  ],
  esbuildPlugins: [clientHalfStaysOwnFile, adminScriptBuiltIn],
};

/** Every built entry (dist/<name>.js) with its source, of both builds: the tests look entries up here. */
export const builtEntries: Record<string, string> = {
  ...(mainBuild.entry as Record<string, string>),
  ...(guardsBuild.entry as Record<string, string>),
};

/** Both builds with their declarations (ESM + CJS + .d.ts), the guards' after the main one. */
export default defineConfig(async () => {
  const { emitDeclarations } = await import("./scripts/lib/declarations.js");
  const emitted = emitDeclarations(Object.values(builtEntries));
  const mainEntries = mainBuild.entry as Record<string, string>;
  const guards = { ...guardsBuild, dts: declarationsOf(guardsBuild.entry as Record<string, string>, emitted) };
  return { ...mainBuild, dts: declarationsOf(mainEntries, emitted), onSuccess: () => afterBuild(guards) };
});
