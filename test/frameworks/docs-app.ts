/**
 * The session-only app of docs/nextjs.md, as a reader writes it: the blocks whose info string names a file
 * (```` ```tsx next-file=app/layout.tsx ````), taken as written. On Next.js 15 it is an app of its own (the docs'
 * files, the example's tsconfig) outside the clone whose `node_modules` holds only what its manifest declares —
 * `next`, `react`, `react-dom`, `jose`, orgauth (the packed tarball), TypeScript and the types — installed from the
 * npm cache, so `@tanstack/react-query` cannot be resolved there. On Next.js 16 the docs' files replace the
 * example's providers, layout, home page and middleware (next16-app.ts).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { installDeclared, type PackedApp } from "../../scripts/lib/packed-app.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/** One whole file of docs/nextjs.md. */
export interface DocsAppFile {
  path: string;
  text: string;
}

const OPENING = /^(\s*)```\w+\s+next-file=(\S+)\s*$/;

/** The `next-file=` blocks of docs/nextjs.md (an indented block loses its indent). */
export function docsAppFiles(): DocsAppFile[] {
  const lines = readFileSync(join(repoRoot, "docs", "nextjs.md"), "utf8").split("\n");
  const files: DocsAppFile[] = [];
  for (let i = 0; i < lines.length; i++) {
    const opening = OPENING.exec(lines[i]!);
    if (!opening) continue;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i]!); i++) body.push(lines[i]!.slice(opening[1]!.length));
    files.push({ path: opening[2]!, text: `${body.join("\n")}\n` });
  }
  return files;
}

/** Writes the docs' files into `dir`: the middleware as `middleware.ts` (Next.js 15) or `proxy.ts` (Next.js 16). */
export function writeDocsFiles(dir: string, edge: "middleware.ts" | "proxy.ts"): void {
  const other = edge === "proxy.ts" ? "middleware.ts" : "proxy.ts";
  for (const file of docsAppFiles().filter(({ path }) => path !== other)) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
}

/** The version of a package in this repository's lockfile (what `installDeclared` installs). */
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

/**
 * Makes the docs' app on Next.js 15 beside `app` (outside the clone) and installs what its manifest declares from
 * the npm cache (`installDeclared`), starting from the installed examples/nextjs in `example` (whose packages are a
 * superset of the docs' app's: npm removes `@tanstack/react-query`); returns its folder.
 */
export async function createNext15DocsApp(app: PackedApp, example: Promise<string>): Promise<string> {
  const dir = join(app.dir, "..", "next15-docs");
  mkdirSync(dir, { recursive: true });
  const dependencies = ["next", "react", "react-dom", "jose"];
  const devDependencies = ["typescript", "@types/node", "@types/react", "@types/react-dom"];
  const manifest = {
    name: "orgauth-docs-nextjs",
    private: true,
    dependencies: { ...Object.fromEntries(dependencies.map((name) => [name, versionOf(name)])), orgauth: "*" },
    devDependencies: Object.fromEntries(devDependencies.map((name) => [name, versionOf(name)])),
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const file of ["tsconfig.json", "next-env.d.ts"])
    cpSync(join(repoRoot, "examples", "nextjs", file), join(dir, file));
  writeDocsFiles(dir, "middleware.ts");
  await installDeclared(dir, app.tarball, await example);
  return dir;
}
