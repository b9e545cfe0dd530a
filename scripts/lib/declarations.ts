import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

/** Where the declarations went: each source's `.d.ts`, and tsconfig.json's `paths` pointed at them. */
export interface EmittedDeclarations {
  of: (source: string) => string;
  /** tsconfig.json's `paths` (`orgauth/server` …) to the emitted files: an `import("orgauth")` stays one module. */
  paths: Record<string, string[]>;
}

/**
 * The package's declarations, emitted once per build by one TypeScript program over every entry of both builds
 * (tsup.config.ts), without type-checking the sources again (`noCheck`: the `types` stage's `tsc` checks the same
 * files with the same options) and without declarations marked @internal. tsup's declaration bundler then reads these
 * `.d.ts` files instead of compiling each build's entries in a program of its own, file by file, each file's
 * declarations made twice (its `noEmitOnError`): `npx tsup` 55.7 -> 20.7 s of CPU, the JavaScript byte-identical, each
 * module's declarations too (the public surface matches api/), some bundled into other chunks. The compiler options
 * are the ones that bundler gave its program; the sources' own `.d.ts` files are copied beside the emitted ones. A
 * declaration-emit error fails the build.
 */
export function emitDeclarations(entries: string[]): EmittedDeclarations {
  const dir = mkdtempSync(join(tmpdir(), "orgauth-declarations-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const config = ts.getParsedCommandLineOfConfigFile("tsconfig.json", undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!config) throw new Error("tsconfig.json could not be read");
  const rootDir = resolve("src");
  const program = ts.createProgram({
    rootNames: entries.map((entry) => resolve(entry)),
    options: {
      ...config.options,
      baseUrl: config.options.baseUrl ?? ".",
      declaration: true,
      noEmit: false,
      emitDeclarationOnly: true,
      noEmitOnError: false,
      noCheck: true,
      stripInternal: true,
      checkJs: false,
      declarationMap: false,
      skipLibCheck: true,
      preserveSymlinks: false,
      target: ts.ScriptTarget.ESNext,
      rootDir,
      outDir: dir,
    },
  });
  const errors = program.emit().diagnostics.filter((item) => item.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const host = { getCanonicalFileName: (name: string) => name, getCurrentDirectory: () => process.cwd() };
    throw new Error(`declaration emit failed:\n${ts.formatDiagnostics(errors, { ...host, getNewLine: () => "\n" })}`);
  }
  // the sources' own declaration files (src/generated/schema.d.ts), which TypeScript does not copy to its output
  for (const file of program.getSourceFiles()) {
    const path = relative(rootDir, file.fileName);
    if (file.isDeclarationFile && !path.startsWith("..")) cpSync(file.fileName, join(dir, path));
  }
  const of = (source: string) => join(dir, relative(rootDir, resolve(source)).replace(/\.tsx?$/, ".d.ts"));
  const paths = Object.entries(config.options.paths ?? {}).map(([name, targets]) => [name, targets.map(of)]);
  return { of, paths: Object.fromEntries(paths) };
}
