import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isMap, isScalar, parseDocument, type Document, type Node, type Pair } from "yaml";

/**
 * The contract's bundler. `openapi/contract.yaml` holds what the whole API shares (info, servers, security, tags)
 * and lists every path item and component in order, each as a `$ref` into its area's file under `openapi/areas/`
 * (session, login, MFA, account, orgs, members, API keys, and common for what several areas use). Bundling puts
 * each referenced node in place of its `$ref`, giving the one document the generator, the linters and Prism read
 * (`openapi/auth-api.yaml`, written by `npm run generate`). References inside the areas (`#/components/...`) are
 * left as they are: they resolve in the bundle.
 */

/** The start of the bundle's first line; the line ends with a hash of the rest, so an edit made to it by hand shows. */
const BUNDLE_HEADER =
  "# Bundled by `npm run generate` from openapi/contract.yaml and openapi/areas/*.yaml: edit those, not this file.";

const hashOf = (body: string): string => createHash("sha256").update(body).digest("hex").slice(0, 16);

/** True when `text` is a bundle as written (its first line's hash matches the rest), false when edited after. */
export function isUntouchedBundle(text: string): boolean {
  const newline = text.indexOf("\n");
  return text.slice(0, newline) === `${BUNDLE_HEADER} sha256:${hashOf(text.slice(newline + 1))}`;
}

/** The file and the JSON pointer of an external `$ref` ("./areas/login.yaml#/paths/~1api~1fe~1v3~1login"). */
function externalRef(node: unknown): { file: string; pointer: string[] } | null {
  if (!isMap(node) || node.items.length !== 1) return null;
  const [pair] = node.items as Pair[];
  if (!isScalar(pair?.key) || pair.key.value !== "$ref" || !isScalar(pair.value)) return null;
  const ref = String(pair.value.value);
  const hash = ref.indexOf("#");
  if (hash <= 0) return null;
  const pointer = ref
    .slice(hash + 2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
  return { file: ref.slice(0, hash), pointer };
}

/** Replaces each external `$ref` among `map`'s values by the node it points to. */
function inlineEntries(map: unknown, baseDir: string, load: (path: string) => Document): void {
  if (!isMap(map)) return;
  for (const pair of map.items as Pair<unknown, unknown>[]) {
    const ref = externalRef(pair.value);
    if (!ref) continue;
    const path = join(baseDir, ref.file);
    const target = load(path).getIn(ref.pointer, true) as Node | undefined;
    if (target === undefined) throw new Error(`${path}: nothing at #/${ref.pointer.join("/")}`);
    pair.value = target;
  }
}

/** Bundles the contract whose root document is `rootPath` into one YAML document (text). */
export function bundleContract(rootPath: string): string {
  const documents = new Map<string, Document>();
  const load = (path: string): Document => {
    let document = documents.get(path);
    if (!document) {
      document = parseDocument(readFileSync(path, "utf8"));
      if (document.errors.length) throw new Error(`${path}: ${document.errors[0]!.message}`);
      documents.set(path, document);
    }
    return document;
  };
  const root = load(rootPath);
  const baseDir = dirname(rootPath);
  inlineEntries(root.get("paths", true), baseDir, load);
  const components = root.get("components", true);
  if (isMap(components)) for (const section of components.items) inlineEntries(section.value, baseDir, load);
  const body = root.toString({ lineWidth: 0, flowCollectionPadding: false });
  return `${BUNDLE_HEADER} sha256:${hashOf(body)}\n${body}`;
}
