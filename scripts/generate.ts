import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadContract } from "./codegen/contract.js";
import { buildOperations, calledOperations } from "./codegen/model.js";
import { emitSchemaTypes } from "./codegen/emit-schema-types.js";
import { SCHEMA_DIR, emitZod } from "./codegen/emit-zod.js";
import {
  VALIDATORS_DIR,
  emitOperationValidators,
  emitOperations,
  validatorModulePath,
} from "./codegen/emit-operations.js";
import { emitQueries } from "./codegen/emit-queries.js";
import { emitQueryFunctions } from "./codegen/emit-query-functions.js";
import { emitQueryHooks } from "./codegen/emit-query-hooks.js";
import { SERVER_OPERATIONS_MODULE, emitServerOperations } from "./codegen/emit-server-operations.js";
import { formatGenerated, formatGeneratedTogether } from "./codegen/format.js";
import { bundleContract, isUntouchedBundle } from "./lib/bundle-contract.js";

/**
 * `npm run generate`: bundles the contract (openapi/contract.yaml and its areas, openapi/areas/*.yaml) into
 * openapi/auth-api.yaml, then regenerates src/generated/ from that one document.
 * `npm run generate -- --check`: writes nothing and exits 1 when the bundle or src/generated/ is stale.
 * `--out <dir>` writes to (or checks) another folder.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const contractPath = join(root, "openapi", "auth-api.yaml");
const contractRoot = join(root, "openapi", "contract.yaml");

/** Produces every generated file's name and content (formatted by Biome), in memory. */
export async function generateAll(): Promise<Record<string, string>> {
  const contract = await loadContract(contractPath);
  const operations = buildOperations(contract);
  const zod = emitZod(contract, operations);
  const files: Record<string, string> = {
    "schema.d.ts": await emitSchemaTypes(contract.document),
    "zod.ts": zod.files["zod.ts"]!,
    "operations.ts": emitOperations(contract, operations),
    "queries.ts": emitQueries(operations),
    "query-functions.ts": emitQueryFunctions(operations),
    "query-hooks.ts": emitQueryHooks(operations),
    [SERVER_OPERATIONS_MODULE]: emitServerOperations(contract, operations),
  };
  // Many small modules (one per validator, one per operation's validators): formatted together.
  const modules = Object.fromEntries([
    ...Object.entries(zod.files).filter(([name]) => name !== "zod.ts"),
    ...calledOperations(operations).map((op) => [
      `${validatorModulePath(op.operationId)}.ts`,
      emitOperationValidators(op, zod.validators),
    ]),
  ]);
  const formatted = await Promise.all(
    Object.entries(files).map(async ([name, content]) => [name, await formatGenerated(root, name, content)] as const),
  );
  formatted.push(...Object.entries(await formatGeneratedTogether(root, modules)));
  return Object.fromEntries(formatted);
}

async function main(): Promise<void> {
  const started = performance.now();
  const check = process.argv.includes("--check");
  const outFlag = process.argv.indexOf("--out");
  const outDir = outFlag > 0 ? resolve(process.argv[outFlag + 1]!) : join(root, "src", "generated");
  const bundled = bundleContract(contractRoot);
  const current = await readFile(contractPath, "utf8").catch(() => null);
  if (current !== bundled) {
    if (current !== null && !isUntouchedBundle(current)) {
      console.error(
        "openapi/auth-api.yaml was edited after it was bundled; it is written from openapi/contract.yaml and " +
          "openapi/areas/*.yaml. Move the edit there (or split the edited file into them), then run `npm run generate`.",
      );
      process.exit(1);
    }
    if (check) {
      console.error(
        "openapi/auth-api.yaml is not the bundle of openapi/contract.yaml and openapi/areas/: run `npm run generate`.",
      );
      process.exit(1);
    }
    await writeFile(contractPath, bundled);
  }
  const files = await generateAll();
  const stale: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const path = join(outDir, name);
    const current = await readFile(path, "utf8").catch(() => null);
    if (current === content) continue;
    stale.push(name);
    if (!check) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    }
  }
  // A module whose validator or operation left the contract is stale too (removed unless checking).
  for (const dir of [VALIDATORS_DIR, SCHEMA_DIR]) {
    for (const name of await readdir(join(outDir, dir)).catch(() => [])) {
      if (`${dir}/${name}` in files) continue;
      stale.push(`${dir}/${name}`);
      if (!check) await rm(join(outDir, dir, name));
    }
  }
  const took = `${Math.round(performance.now() - started)} ms`;
  const fromHere = relative(process.cwd(), outDir);
  const shown = !fromHere ? "." : fromHere.startsWith("..") ? outDir : fromHere;
  if (check && stale.length) {
    console.error(`${shown} is stale (${stale.join(", ")}): run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log(
    check
      ? `${shown} is up to date (${took}).`
      : `Generated ${Object.keys(files).length} files in ${shown}, ${stale.length} changed (${took}).`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
