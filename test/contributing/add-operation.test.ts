/**
 * CONTRIBUTING.md's "Adding an operation", done as written, in a throwaway copy of the repository (the files git
 * would hand out under openapi/, scripts/, src/ and test/, and the configs; node_modules is a symlink to this one's). The sample operation and its request row are the two code blocks CONTRIBUTING.md marks with
 * `<!-- walkthrough: … -->`, so the guide and this test cannot drift apart. Then the stages the change touches run
 * in the copy: generate, generate --check, the contract lint, the type-check of the tests that call every operation
 * (first without the new row: the compiler must ask for it) and of the generated code alone, the unit tests that read
 * the operations and the contract test of the new operation against Prism; and `generate --watch` picks up an edit.
 * Before all that, a broken contract shows that a failed `generate` leaves every file as it was.
 * No step has a time limit of its own: a loaded machine only makes it slower.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import { copyCheckout } from "../../scripts/lib/checkout-copy.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";

const COPIED = [
  "openapi/",
  "scripts/",
  "src/",
  "test/",
  "bench/",
  "example/",
  ".gitignore",
  "biome.json",
  "package.json",
];
const COPIED_CONFIGS = ["tsconfig.json", "tsconfig.generated.json", "tsup.config.ts", "vitest.config.ts"];
const work = mkdtempSync(join(tmpdir(), "orgauth-walkthrough-"));
const copy = join(work, "orgauth");
const bin = (name: string): string => join(copy, "node_modules", ".bin", name);

/** The fenced code block right after `<!-- walkthrough: name -->` in CONTRIBUTING.md, without its indentation. */
function walkthroughBlock(name: string): string {
  const guide = readFileSync(join(repoRoot, "CONTRIBUTING.md"), "utf8");
  const found = new RegExp(`<!-- walkthrough: ${name} -->\\n( *)\`\`\`\\w+\\n([\\s\\S]*?)\\n\\1\`\`\``).exec(guide);
  if (!found) throw new Error(`CONTRIBUTING.md has no code block marked <!-- walkthrough: ${name} -->`);
  const indent = found[1]!.length;
  return found[2]!
    .split("\n")
    .map((line) => line.slice(indent))
    .join("\n");
}

/** The contract block: its first line names the area file; the rest is what goes into that file. */
function contractStep(): {
  file: string;
  addition: { paths: Record<string, unknown>; components: Record<string, Record<string, unknown>> };
} {
  const block = walkthroughBlock("contract");
  const file = /^# (\S+)/.exec(block)?.[1];
  if (!file) throw new Error("the contract block of CONTRIBUTING.md does not start with `# <area file>`");
  return { file, addition: parse(block) };
}

/** Adds the path items and components of `addition` to the area file (what a contributor types into it). */
function addToArea(file: string, addition: ReturnType<typeof contractStep>["addition"]): void {
  const path = join(copy, file);
  const document = parseDocument(readFileSync(path, "utf8"));
  for (const [name, item] of Object.entries(addition.paths)) document.setIn(["paths", name], document.createNode(item));
  for (const [kind, entries] of Object.entries(addition.components ?? {}))
    for (const [name, node] of Object.entries(entries))
      document.setIn(["components", kind, name], document.createNode(node));
  writeFileSync(path, document.toString());
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of the commands run in the copy: this run's vitest variables left out. */
const childEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$)/.test(key)));

/** Runs a command in the copy to its end (no time limit). */
function runInCopy(command: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: copy, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Expects a command to succeed, showing its output when it does not. */
async function succeeds(command: string, args: string[]): Promise<Outcome> {
  const outcome = await runInCopy(command, args);
  expect(outcome.code, `${command} ${args.join(" ")}\n${outcome.stdout}\n${outcome.stderr}`).toBe(0);
  return outcome;
}

/** Every file under the copy's openapi/ and src/generated/, with its content. */
function contractAndGenerated(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ["openapi", "src/generated"]) {
    for (const name of readdirSync(join(copy, dir), { recursive: true }) as string[]) {
      const path = join(copy, dir, name);
      if (!name.includes(".")) continue;
      files.set(`${dir}/${name}`, readFileSync(path, "utf8"));
    }
  }
  return files;
}

let watcher: ChildProcess | undefined;

beforeAll(() => {
  copyCheckout(copy, (file) =>
    [...COPIED, ...COPIED_CONFIGS].some((prefix) => file === prefix || file.startsWith(prefix)),
  );
});

afterAll(() => {
  watcher?.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

describe("CONTRIBUTING.md: adding an operation", () => {
  const { file, addition } = contractStep();
  const [[path, item]] = Object.entries(addition.paths) as [[string, { get: { operationId: string } }]];
  const operationId = item.get.operationId;

  it("a failed generate leaves every file as it was (an emitter's failure, and a reference to nothing)", async () => {
    const area = readFileSync(join(copy, file), "utf8");
    const before = contractAndGenerated();
    const { operationId: _dropped, ...withoutId } = item.get;
    addToArea(file, { ...addition, paths: { [path]: { get: withoutId } } });
    const noId = await runInCopy(bin("tsx"), ["scripts/generate.ts"]);
    expect(noId.code, noId.stderr).toBe(1);
    expect(noId.stderr).toContain(`GET ${path} has no operationId`);
    expect(contractAndGenerated()).toEqual(new Map([...before, [file, readFileSync(join(copy, file), "utf8")]]));

    writeFileSync(join(copy, file), area);
    addToArea(file, { paths: addition.paths, components: {} });
    const noSchema = await runInCopy(bin("tsx"), ["scripts/generate.ts"]);
    expect(noSchema.code, noSchema.stderr).toBe(1);
    expect(noSchema.stderr).toMatch(
      /#\/components\/schemas\/\w+ \(used at paths\..*\) is defined nowhere: add \w+ under components\.schemas/,
    );
    expect(contractAndGenerated()).toEqual(new Map([...before, [file, readFileSync(join(copy, file), "utf8")]]));
    writeFileSync(join(copy, file), area);
  });

  it("1-2. the sample operation in its area file only; generate writes it, --check and the contract lint pass", async () => {
    addToArea(file, addition);
    await succeeds(bin("tsx"), ["scripts/generate.ts"]);
    expect(readFileSync(join(copy, "openapi", "auth-api.yaml"), "utf8")).toContain(`operationId: ${operationId}`);
    expect(readFileSync(join(copy, "src", "generated", "operations.ts"), "utf8")).toContain(
      `export function ${operationId}(`,
    );
    await succeeds(bin("tsx"), ["scripts/generate.ts", "--check"]);
    await succeeds("npm", ["run", "-s", "lint:contract"]);
  });

  it("3. the compiler asks for its row in test/support/valid-requests.ts; with it, that and the generated code type-check", async () => {
    // The repository's compiler options over the tests that call every operation (and what they import): the whole
    // tree's type-check is the types stage's, and costs several times more. Incremental, with its build info in the
    // copy: the second run re-checks only what the added row can change, not every file of src/ again.
    writeFileSync(
      join(copy, "tsconfig.walkthrough.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        compilerOptions: { incremental: true, tsBuildInfoFile: "./walkthrough.tsbuildinfo" },
        include: ["src/index.ts", "test/contract", "test/support/valid-requests.ts"],
      }),
    );
    const missing = await runInCopy(bin("tsc"), ["--noEmit", "-p", "tsconfig.walkthrough.json"]);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toMatch(new RegExp(`valid-requests\\.ts.*Property '${operationId}' is missing`, "s"));
    const rows = walkthroughBlock("request")
      .split("\n")
      .filter((line) => !line.startsWith("//"));
    const table = join(copy, "test", "support", "valid-requests.ts");
    const source = readFileSync(table, "utf8");
    const end = source.indexOf("\n};", source.indexOf("export const validRequests"));
    writeFileSync(table, `${source.slice(0, end)}\n${rows.map((row) => `  ${row}`).join("\n")}${source.slice(end)}`);
    await succeeds(bin("tsc"), ["--noEmit", "-p", "tsconfig.walkthrough.json"]);
    await succeeds(bin("tsc"), ["--noEmit", "-p", "tsconfig.generated.json"]);
  });

  it("6. the unit tests that read the operations pass, and the contract test of the new one against Prism", async () => {
    await succeeds(bin("vitest"), [
      "run",
      "--project",
      "unit",
      "test/unit/contract-lint.test.ts",
      "test/unit/contract-bundle.test.ts",
      "test/unit/generator/operations-emitter.test.ts",
    ]);
    const contract = await succeeds(bin("vitest"), [
      "run",
      "--project",
      "contract",
      "test/contract/operations.test.ts",
      "--reporter=verbose",
      "-t",
      `${operationId}|covers every`,
    ]);
    const plain = stripVTControlCharacters(contract.stdout);
    expect(plain).toContain(`('${operationId}') > returns the default 200 example`);
    expect(Number(/Tests +(\d+) passed/.exec(plain)?.[1])).toBeGreaterThan(1);
  });

  it("generate --watch regenerates after an edit of the area file", async () => {
    const child = spawn(bin("tsx"), ["scripts/generate.ts", "--watch"], { cwd: copy, env: childEnv });
    watcher = child;
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    const runs = (): number => output.match(/^Generated /gm)?.length ?? 0;
    await expect.poll(runs, { timeout: 240_000, interval: 250 }).toBe(1);
    await expect.poll(() => output, { timeout: 60_000, interval: 250 }).toContain("watching openapi, scripts/codegen");
    const schemaName = Object.keys(addition.components.schemas ?? {})[0]!;
    const areaDocument = parseDocument(readFileSync(join(copy, file), "utf8"));
    areaDocument.setIn(
      ["components", "schemas", schemaName, "properties", "accent"],
      areaDocument.createNode({ type: "string" }),
    );
    writeFileSync(join(copy, file), areaDocument.toString());
    await expect.poll(runs, { timeout: 240_000, interval: 250 }).toBe(2);
    expect(output).toMatch(/Generated \d+ files in src\/generated, [1-9]\d* changed/);
    expect(readFileSync(join(copy, "src", "generated", "schema.d.ts"), "utf8")).toContain("accent?: string");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
