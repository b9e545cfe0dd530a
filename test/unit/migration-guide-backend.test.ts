/**
 * docs/migrating-from-propelauth.md's `@propelauth/node` table lists every function the installed `@propelauth/node`
 * gives (the members of what its `initBaseAuth` returns, read from its declarations by the TypeScript compiler, so a
 * new release's function shows up here) exactly once, and every backend method it names is an operation of the
 * contract's backend area.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { guideTableRows } from "../support/guide-table.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** The names of the functions `initBaseAuth` of the installed @propelauth/node returns. */
function vendorFunctions(): string[] {
  const file = join(ROOT, "node_modules", "@propelauth", "node", "dist", "auth.d.ts");
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  const init = module && checker.getExportsOfModule(module).find((symbol) => symbol.name === "initBaseAuth");
  if (!source || !init) throw new Error("@propelauth/node's declarations have no initBaseAuth");
  const [signature] = checker.getTypeOfSymbolAtLocation(init, source).getCallSignatures();
  if (!signature) throw new Error("initBaseAuth is not a function");
  return checker
    .getReturnTypeOfSignature(signature)
    .getProperties()
    .map((property) => property.name);
}

const vendor = vendorFunctions();
const rows = guideTableRows("`@propelauth/node`");

it("reads the installed library's functions (its 79 management calls and 7 token helpers)", () => {
  expect(vendor).toContain("fetchUserMetadataByUserId");
  expect(vendor.filter((name) => name.startsWith("validateAccessToken"))).toHaveLength(7);
});

it("lists each function of @propelauth/node exactly once, and nothing else", () => {
  const listed = rows.map(([first]) => /^`(\w+)`$/.exec(first ?? "")?.[1] ?? `not one name: ${first}`);
  expect([...listed].sort()).toEqual([...vendor].sort());
});

it("maps each to a method of the backend client, an orgauth/server function, or says why not", () => {
  const areas = readdirSync(join(ROOT, "openapi", "areas")).filter((name) => name.startsWith("backend"));
  const operations = areas.flatMap((name) => [
    ...readFileSync(join(ROOT, "openapi", "areas", name), "utf8").matchAll(/operationId: backend(\w+)/g),
  ]);
  const methods = new Set([...operations.map(([, id]) => id!.charAt(0).toLowerCase() + id!.slice(1))]);
  const unmapped = rows.filter(([, ours, entry, notes]) => {
    const method = /^`backend\.(\w+)`$/.exec(ours ?? "")?.[1];
    if (method !== undefined) return !methods.has(method) || entry !== "—";
    if (ours === "no method") return !/501/.test(notes ?? "");
    return entry !== "`orgauth/server`";
  });
  expect(unmapped).toEqual([]);
});

it("says the batch fetches answer an array, as the contract and the client do", () => {
  const batch = rows.filter(([first]) => /fetchBatchUserMetadata/.test(first ?? ""));
  expect(batch).toHaveLength(3);
  for (const [, , , notes] of batch) expect(notes).toMatch(/^Answers an array/);
});
