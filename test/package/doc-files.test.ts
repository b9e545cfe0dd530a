import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { docFiles } from "../support/doc-files.js";

/**
 * Every code block of docs/*.md that is a whole file (its info string names it: ```` ```tsx file=src/main.tsx ````)
 * is written out with the other files of its doc as one project in the app the packed package is installed in, and
 * type-checked as strictly as the examples are (`exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`), so a
 * doc cannot drift from the package it documents.
 */
const appDir = inject("packedAppDir");
const root = new URL("../..", import.meta.url).pathname;
/** The TypeScript files of each doc (docs/testing.md's jest suite is JavaScript, run by jest-consumer.test.ts). */
const byDoc = new Map(
  [...docFiles(root)]
    .map(([doc, files]) => [doc, files.filter((file) => /\.tsx?$/.test(file.path))] as const)
    .filter(([, files]) => files.length > 0),
);

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "Bundler",
    jsx: "react-jsx",
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ["**/*.ts", "**/*.tsx"],
};

it("the Vite recipe's entry, app, env types and config are whole files", () => {
  expect(byDoc.get("docs/vite.md")?.map((file) => file.path)).toEqual([
    "src/main.tsx",
    "src/vite-env.d.ts",
    "vite.config.ts",
    "src/app.tsx",
  ]);
});

describe.each([...byDoc])("%s", (doc, files) => {
  it("type-checks against the packed package", async () => {
    const dir = join(appDir, "doc-files", doc.replace(/\W/g, "-"));
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.text);
    }
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
    const tsc = join(appDir, "node_modules", "typescript", "bin", "tsc");
    const run = await promisify(execFile)(process.execPath, [tsc, "-p", dir], { encoding: "utf8" }).catch(
      (failed: { stdout: string }) => failed,
    );
    const where = (line: string) => {
      const file = files.find((f) => line.includes(f.path));
      return file ? `${doc}:${file.line} (${file.path}) ${line.slice(line.indexOf("error"))}` : line;
    };
    expect(
      run.stdout
        .split("\n")
        .filter((line) => line.includes("error"))
        .map(where),
    ).toEqual([]);
  }, 120_000);
});
