import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { VALIDATION_OFF, bundle } from "../../bench/bundle.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

/**
 * Tree-shaking through the built package: an app that imports one fetcher from the installed `orgauth` carries
 * that operation's descriptor and validator and no other operation's. Descriptors are told apart by their
 * `operationId` and path strings; validators by the property names only other operations' schemas use.
 */
const appDir = inject("packedAppDir");
const OPERATION = "listOrgMembers";

/** Each generated schema (src/generated/zod/, one module each): the schemas it references and the property names it declares. */
function generatedSchemas(): Map<string, { references: string[]; properties: string[] }> {
  const dir = join(repoRoot, "src", "generated", "zod");
  const source = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), "utf8"))
    .join("\n");
  const schemas = new Map<string, { references: string[]; properties: string[] }>();
  for (const [, name, body] of source.matchAll(/^export const (\w+) = ([\s\S]*?);$/gm)) {
    const references = [...body!.matchAll(/\b(\w+Schema)\b/g)].map((match) => match[1]!);
    const properties = [...body!.matchAll(/[{,]\s+(\w+): /g)].map((match) => match[1]!);
    schemas.set(name!, { references, properties });
  }
  return schemas;
}

/** The zod constants an operation's validator module names (src/generated/validators/<id>.ts), if it has one. */
function validatorSchemasOf(operationId: string): string[] {
  const path = join(repoRoot, "src", "generated", "validators", `${operationId}.ts`);
  return existsSync(path) ? [...readFileSync(path, "utf8").matchAll(/\b(\w+Schema)\b/g)].map((match) => match[1]!) : [];
}

/** The zod constant an operation reads its 200 response with (its module, src/generated/validators/<id>.ts). */
function successValidatorOf(operationId: string): string {
  const source = readFileSync(join(repoRoot, "src", "generated", "validators", `${operationId}.ts`), "utf8");
  return /200: (\w+)/.exec(source)![1]!;
}

/** True when minified code has `key` as an object property name. */
function hasProperty(code: string, key: string): boolean {
  return new RegExp(`(?<![\\w$])${key}:`).test(code);
}

function reachableFrom(roots: string[], schemas: ReturnType<typeof generatedSchemas>): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name) || !schemas.has(name)) return;
    seen.add(name);
    for (const reference of schemas.get(name)!.references) visit(reference);
  };
  roots.forEach(visit);
  return seen;
}

describe("one fetcher bundled from the packed package", () => {
  it(`carries ${OPERATION}'s descriptor and validator and no other operation's`, async () => {
    const fromPackage = (code: string) => bundle(code, { resolveDir: appDir });
    const one = await fromPackage(`export { ${OPERATION}, createTransport } from "orgauth";`);
    // The transport alone carries no zod (each descriptor brings its validators): zod's own runtime words are
    // part of every validating fetcher, so the baseline names them too.
    const transportOnly = await fromPackage(
      `export { createTransport } from "orgauth"; export * as z from "zod/mini";`,
    );
    const all = await fromPackage(`export * from "orgauth";`);

    const operations = [...all.code.matchAll(/operationId:"(\w+)"/g)].map((match) => match[1]!);
    expect(operations.length).toBeGreaterThan(30);
    expect([...one.code.matchAll(/operationId:"(\w+)"/g)].map((match) => match[1])).toEqual([OPERATION]);
    expect(one.code).toContain('"/api/fe/v3/org_membership/{orgId}/members"');

    const schemas = generatedSchemas();
    const kept = reachableFrom([successValidatorOf(OPERATION), "ErrorResponseBodySchema"], schemas);
    const keptProperties = new Set([...kept].flatMap((name) => schemas.get(name)!.properties));
    // only the schemas a browser operation reads: the server's calls are not in "orgauth"
    const browserSchemas = reachableFrom(operations.flatMap(validatorSchemasOf), schemas);
    const foreign = new Set(
      [...schemas]
        .filter(([name]) => !kept.has(name) && browserSchemas.has(name))
        .flatMap(([, schema]) => schema.properties),
    );
    const markers = [...foreign].filter((key) => !keptProperties.has(key) && !hasProperty(transportOnly.code, key));
    expect(markers.length).toBeGreaterThan(20);
    expect(markers.filter((key) => !hasProperty(all.code, key))).toEqual([]);
    expect(markers.filter((key) => hasProperty(one.code, key))).toEqual([]);
    expect(["users", "total_count", "possible_roles"].filter((key) => !hasProperty(one.code, key))).toEqual([]);
  });

  it("keeps no zod code when the app's bundler compiles validation out", async () => {
    const off = await bundle(`export { ${OPERATION}, createTransport, createAuthClient } from "orgauth";`, {
      resolveDir: appDir,
      define: VALIDATION_OFF,
    });
    expect(off.inputs.filter(([file]) => file.includes("node_modules/zod/"))).toEqual([]);
    expect(off.code).toContain(`operationId:"${OPERATION}"`);
  });
});
