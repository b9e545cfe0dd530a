import { copyFile, readFile, writeFile } from "node:fs/promises";
import { defineConfig } from "tsup";

/** The React entries' files: marked "use client" for server-component frameworks (the bundler drops directives). */
const CLIENT_ENTRY_FILES = ["dist/react.js", "dist/react.cjs", "dist/testing/react.js", "dist/testing/react.cjs"];

/** Puts the "use client" directive first in each React entry file; ships the emulator seed's JSON Schema. */
async function afterBuild(): Promise<void> {
  for (const file of CLIENT_ENTRY_FILES) {
    const code = await readFile(file, "utf8");
    if (!code.startsWith('"use client";')) await writeFile(file, `"use client";\n${code}`);
  }
  await copyFile("src/emulator/seed.schema.json", "dist/seed.schema.json");
}

/** Builds the entries (adapter and emulator: Node only), ESM + CJS + .d.ts; peers and dependencies stay external. */
export default defineConfig({
  entry: {
    index: "src/index.ts",
    react: "src/react.ts",
    adapter: "src/adapter/index.ts",
    testing: "src/testing/index.ts",
    "testing/react": "src/testing/react.ts",
    emulator: "src/emulator/index.ts",
    // The `orgauth-emulator` command (package.json "bin").
    "emulator-cli": "src/emulator/bin.ts",
  },
  format: ["esm", "cjs"],
  // Declarations marked @internal (shared between the entries, not for consumers) stay out of the .d.ts.
  dts: { compilerOptions: { stripInternal: true } },
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
    "zod",
    "@electric-sql/pglite",
    "pg",
    "@auth/core",
    "jose",
    "otpauth",
    "qrcode",
  ],
  onSuccess: afterBuild,
});
