import { execFileSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/**
 * What a consumer's compiler sees: the packed package installed in a throwaway app, type-checked strictly.
 * The fixture compiles with skipLibCheck off, so every declaration file of the package is checked too.
 */
const appDir = inject("packedAppDir");
const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  jsx: "react-jsx",
  target: "ES2022",
  lib: ["ES2022", "DOM", "DOM.Iterable"],
  types: [],
};

/** Runs tsc on a tsconfig written into the app; returns its output ("" when clean). */
function typeCheck(name: string, compilerOptions: object, include: string[]): string {
  writeFileSync(
    join(appDir, name),
    JSON.stringify({ compilerOptions: { ...STRICT, ...compilerOptions }, include }, null, 2),
  );
  try {
    execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", name], { cwd: appDir, stdio: "pipe" });
    return "";
  } catch (error) {
    return String((error as { stdout?: Buffer }).stdout ?? error);
  }
}

function listedDeclarations(name: string): string[] {
  const files = execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", name, "--listFilesOnly"], {
    cwd: appDir,
  }).toString();
  return files
    .split("\n")
    .filter((file) => file.includes("node_modules/orgauth/dist/"))
    .map((file) => file.replace(/^.*\/dist\//, ""));
}

describe("the packed package in a consumer's compiler", () => {
  it("type-checks every entry with skipLibCheck off, as ES module (import) and CommonJS (require) code", () => {
    cpSync(join(repoRoot, "test", "package", "fixtures"), join(appDir, "consumer"), { recursive: true });
    const options = { module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: false };
    expect(typeCheck("tsconfig.consumer.json", options, ["consumer"])).toBe("");
    const declarations = listedDeclarations("tsconfig.consumer.json");
    for (const entry of ["index", "react", "schemas", "testing", "testing/react", "emulator"]) {
      expect(declarations).toContain(`${entry}.d.ts`);
      expect(declarations).toContain(`${entry}.d.cts`);
    }
  });

  it("type-checks both apps of the size comparison (bench/apps) as a bundler-resolved app", () => {
    cpSync(join(repoRoot, "bench", "apps"), join(appDir, "apps"), { recursive: true });
    // skipLibCheck on: the vendor's own declarations do not compile under exactOptionalPropertyTypes.
    const options = { module: "ESNext", moduleResolution: "Bundler", skipLibCheck: true };
    expect(typeCheck("tsconfig.apps.json", options, ["apps"])).toBe("");
  });
});
