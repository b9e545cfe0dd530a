import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "yaml";

/** A file's path as an error shows it: from the working directory when inside it. */
export function shown(path: string): string {
  const fromHere = relative(process.cwd(), path);
  return fromHere.startsWith("..") ? path : fromHere;
}
/** Every local `$ref` of a parsed document with the place it is used at ("paths./api/fe/v3/login.post…"). */
function* localRefs(node: unknown, at: string): Generator<{ ref: string; at: string }> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* localRefs(item, `${at}[${index}]`);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/")) yield { ref: value, at };
      else yield* localRefs(value, at ? `${at}.${key}` : key);
    }
  }
}

/** The node a local reference points to, or undefined. */
function target(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((parent, key) => (parent as Record<string, unknown> | undefined)?.[key], document);
}

/** The area files under `<baseDir>/areas` that define the component a reference names. */
function areaFilesDefining(baseDir: string, ref: string): string[] {
  const dir = join(baseDir, "areas");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => join(dir, name))
    .filter((file) => target(parse(readFileSync(file, "utf8")), ref) !== undefined);
}

/**
 * Fails, naming each one, when a local reference of the bundled document points nowhere: the component is defined
 * in no area file the contract refers to. The message says where to define it (or which file to refer to).
 * `rootPath` is the root document (openapi/contract.yaml); its area files are in `areas/` beside it.
 */
export function checkLocalRefs(document: unknown, rootPath: string): void {
  const baseDir = dirname(rootPath);
  const missing = [...localRefs(document, "")].filter(({ ref }) => target(document, ref) === undefined);
  if (!missing.length) return;
  const lines = [...new Set(missing.map(({ ref }) => ref))].map((ref) => {
    const uses = missing.filter((m) => m.ref === ref).map((m) => m.at);
    const where = `${ref} (used at ${uses.slice(0, 2).join(", ")}${uses.length > 2 ? `, +${uses.length - 2} more` : ""})`;
    const [, , kind, name] = ref.split("/");
    const elsewhere = areaFilesDefining(baseDir, ref).map(shown);
    return elsewhere.length
      ? `- ${where} is defined in ${elsewhere.join(", ")}, which ${shown(rootPath)} refers to nowhere: list one of that file's paths there.`
      : `- ${where} is defined nowhere: add ${name} under components.${kind} of the area file that uses it (${shown(join(baseDir, "areas"))}/<area>.yaml; common.yaml for what several areas share).`;
  });
  throw new Error(`The contract has references that resolve to nothing:\n${lines.join("\n")}`);
}
