import { readFile, readdir } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseContract } from "./codegen/contract.js";
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
import { SESSION_CHECKS_MODULE, SESSION_OPERATIONS, emitSessionChecks } from "./codegen/emit-session-checks.js";
import { GENERATED_HEADER } from "./codegen/naming.js";
import { assertStandardErrorResponses } from "./codegen/error-responses.js";
import { emitQueryFunctions } from "./codegen/emit-query-functions.js";
import { emitQueryHooks } from "./codegen/emit-query-hooks.js";
import { SERVER_OPERATIONS_MODULE, emitServerOperations } from "./codegen/emit-server-operations.js";
import { emitBackendClient } from "./codegen/emit-backend-client.js";
import { EMULATOR_ERROR_CODES_FILE, emitEmulatorErrorCodes } from "./codegen/emit-error-codes.js";
import { formatAt, formatGenerated, formatGeneratedTogether } from "./codegen/format.js";
import { bundleContract, isUntouchedBundle } from "./lib/bundle-contract.js";
import { GENERATE_USAGE, GenerateUsageError, parseGenerateFlags } from "./lib/generate-flags.js";
import { watchAndGenerate } from "./lib/generate-watch.js";
import { replaceFiles } from "./lib/replace-files.js";

/**
 * `npm run generate`: bundles the contract (openapi/contract.yaml and its areas, openapi/areas/*.yaml) into
 * openapi/auth-api.yaml, then regenerates src/generated/ from that one document, and the emulator's list of the
 * contract's error codes (src/emulator/http/error-codes.generated.ts). Everything is produced in memory
 * first and written only when all of it succeeded, so a failed run leaves every file as it was.
 * `--check` writes nothing and exits 1 when the bundle or a generated file is stale; `--out <dir>` writes to (or
 * checks) another folder instead of src/generated/ (the emulator's list stays where it is); `--watch` regenerates on every change of the contract or the generator. Any other
 * argument is a usage error (exit 2).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const contractPath = join(root, "openapi", "auth-api.yaml");
const contractRoot = join(root, "openapi", "contract.yaml");

/**
 * Produces every generated file's name and content (formatted by Biome), in memory, from the contract's bundle
 * (by default bundled afresh from openapi/contract.yaml and its areas).
 */
export async function generateAll(bundle: string = bundleContract(contractRoot)): Promise<Record<string, string>> {
  const contract = parseContract(bundle);
  const operations = buildOperations(contract);
  assertStandardErrorResponses(operations);
  const zod = emitZod(contract, operations);
  const files: Record<string, string> = {
    "schema.d.ts": await emitSchemaTypes(contract.document),
    "zod.ts": zod.files["zod.ts"]!,
    "operations.ts": emitOperations(contract, operations),
    "queries.ts": emitQueries(operations),
    "query-functions.ts": emitQueryFunctions(operations),
    "query-hooks.ts": emitQueryHooks(operations),
    [SERVER_OPERATIONS_MODULE]: emitServerOperations(contract, operations),
    ...emitBackendClient(operations),
  };
  // Many small modules (one per validator, one per operation's validators): formatted together.
  const modules = Object.fromEntries([
    ...Object.entries(zod.files).filter(([name]) => name !== "zod.ts"),
    ...calledOperations(operations)
      .filter((op) => !SESSION_OPERATIONS.includes(op.operationId))
      .map((op) => [`${validatorModulePath(op.operationId)}.ts`, emitOperationValidators(op, zod.validators)]),
    [
      `${SESSION_CHECKS_MODULE}.ts`,
      emitSessionChecks(contract.document.components?.schemas ?? {}, operations, GENERATED_HEADER),
    ],
  ]);
  const formatted = await Promise.all(
    Object.entries(files).map(async ([name, content]) => [name, await formatGenerated(root, name, content)] as const),
  );
  formatted.push(...Object.entries(await formatGeneratedTogether(root, modules)));
  return Object.fromEntries(formatted);
}

/**
 * The generated files outside src/generated/, by path from the repository root: the emulator's `ContractErrorCode`
 * (the emulator may not import src/generated/, so it gets its own copy of the codes).
 */
export async function generateEmulatorFiles(
  bundle: string = bundleContract(contractRoot),
): Promise<Record<string, string>> {
  const contract = parseContract(bundle);
  const content = emitEmulatorErrorCodes(contract, buildOperations(contract));
  return { [EMULATOR_ERROR_CODES_FILE]: await formatAt(root, EMULATOR_ERROR_CODES_FILE, content) };
}

/** The bundle, or the reason it may not replace openapi/auth-api.yaml (edited by hand, or stale under --check). */
async function bundleOrRefusal(check: boolean): Promise<{ bundle: string; changed: boolean } | { refusal: string }> {
  const bundle = bundleContract(contractRoot);
  const current = await readFile(contractPath, "utf8").catch(() => null);
  if (current === bundle) return { bundle, changed: false };
  if (current !== null && !isUntouchedBundle(current)) {
    return {
      refusal:
        "openapi/auth-api.yaml was edited after it was bundled; it is written from openapi/contract.yaml and " +
        "openapi/areas/*.yaml. Move the edit there (or split the edited file into them), then run `npm run generate`.",
    };
  }
  if (check) {
    return {
      refusal:
        "openapi/auth-api.yaml is not the bundle of openapi/contract.yaml and openapi/areas/: run `npm run generate`.",
    };
  }
  return { bundle, changed: true };
}

/** Runs the generator once: checks, or writes every changed file together. */
async function generateOnce(check: boolean, outDir: string): Promise<void> {
  const started = performance.now();
  const bundled = await bundleOrRefusal(check);
  if ("refusal" in bundled) {
    console.error(bundled.refusal);
    process.exit(1);
  }
  const [files, emulatorFiles] = await Promise.all([
    generateAll(bundled.bundle),
    generateEmulatorFiles(bundled.bundle),
  ]);
  const writes = new Map<string, string>();
  if (bundled.changed) writes.set(contractPath, bundled.bundle);
  const stale: string[] = [];
  const targets = [
    ...Object.entries(files).map(([name, content]) => [name, join(outDir, name), content] as const),
    ...Object.entries(emulatorFiles).map(([name, content]) => [name, join(root, name), content] as const),
  ];
  for (const [name, path, content] of targets) {
    if ((await readFile(path, "utf8").catch(() => null)) === content) continue;
    stale.push(name);
    writes.set(path, content);
  }
  // A module whose validator or operation left the contract is stale too (removed unless checking).
  const removals: string[] = [];
  for (const dir of [VALIDATORS_DIR, SCHEMA_DIR]) {
    for (const name of await readdir(join(outDir, dir)).catch(() => [])) {
      if (`${dir}/${name}` in files) continue;
      stale.push(`${dir}/${name}`);
      removals.push(join(outDir, dir, name));
    }
  }
  const took = `${Math.round(performance.now() - started)} ms`;
  const fromHere = relative(process.cwd(), outDir);
  const shown = !fromHere ? "." : fromHere.startsWith("..") ? outDir : fromHere;
  if (check) {
    if (stale.length) {
      const where = Object.keys(emulatorFiles).some((name) => stale.includes(name)) ? "Generated code" : shown;
      console.error(`${where} is stale (${stale.join(", ")}): run \`npm run generate\` and commit the result.`);
      process.exit(1);
    }
    console.log(`${shown} and ${Object.keys(emulatorFiles).join(", ")} are up to date (${took}).`);
    return;
  }
  await replaceFiles(writes, removals);
  // `changed` counts the emulator's list of error codes too.
  console.log(`Generated ${Object.keys(files).length} files in ${shown}, ${stale.length} changed (${took}).`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flags = parseGenerateFlags(args);
  if (flags.help) {
    console.log(GENERATE_USAGE);
    return;
  }
  if (flags.watch) {
    watchAndGenerate(
      root,
      args.filter((arg) => arg !== "--watch"),
    );
    return;
  }
  await generateOnce(flags.check, flags.out ? resolve(flags.out) : join(root, "src", "generated"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof GenerateUsageError ? 2 : 1);
  });
}
