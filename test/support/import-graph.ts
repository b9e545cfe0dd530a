import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The import graph of src/: every file's imports (static, dynamic, type-only and re-exports, as TypeScript's
 * pre-processor reads them), each resolved to a repository-relative file or kept as a package name.
 */
export interface ImportEdge {
  /** The importing file, relative to the repository root (e.g. "src/session/errors.ts"). */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** The imported file relative to the root, or null for a package (`react`, `node:fs`). */
  target: string | null;
}

/** Every .ts and .tsx file under `dir`, relative to `root`. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative specifier names: "./x.js" is x.ts, x.tsx or x.d.ts, as TypeScript resolves it; "./x.json" itself. */
function resolveRelative(root: string, from: string, specifier: string): string {
  const base = resolve(root, dirname(from), specifier).replace(/\.js$/, "");
  const candidates = specifier.endsWith(".json")
    ? [base]
    : [`${base}.ts`, `${base}.tsx`, `${base}.d.ts`, join(base, "index.ts")];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
  return relative(root, found);
}

/** The imports of every source file under `dir` (relative to `root`). */
export function importGraph(root: string, dir: string): ImportEdge[] {
  return sourceFiles(root, dir).flatMap((from) => {
    const info = ts.preProcessFile(readFileSync(join(root, from), "utf8"), true, true);
    return info.importedFiles.map(({ fileName: specifier }) => ({
      from,
      specifier,
      target: specifier.startsWith(".") ? resolveRelative(root, from, specifier) : null,
    }));
  });
}

/** Every file `entry` reaches through its imports (itself included), and the packages they import. */
export function reachable(edges: readonly ImportEdge[], entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const edge of edges) {
      if (edge.from !== file) continue;
      if (edge.target === null) packages.add(edge.specifier);
      else if (!files.has(edge.target)) {
        files.add(edge.target);
        queue.push(edge.target);
      }
    }
  }
  return { files, packages };
}
