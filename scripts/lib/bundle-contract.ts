import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isMap, isScalar, parseDocument, Scalar, YAMLMap, type Document, type Node, type Pair } from "yaml";
import { checkLocalRefs, shown } from "./contract-refs.js";

/**
 * The contract's bundler. `openapi/contract.yaml` holds what the whole API shares (info, servers, security, tags)
 * and lists path items and components in order, each as a `$ref` into its area's file under `openapi/areas/`
 * (session, login, MFA, account, orgs, members, API keys, and common for what several areas use). Bundling puts
 * each referenced node in place of its `$ref`, giving the one document the generator, the linters and Prism read
 * (`openapi/auth-api.yaml`, written by `npm run generate`). References inside the areas (`#/components/...`) are
 * left as they are: they resolve in the bundle.
 *
 * The listing is an order, not a filter: every path item and component of an area file the root refers to is
 * bundled. One the root does not list comes right after the last entry it lists from the same file (or at the end
 * of its section), so a new operation or schema needs only its area file. Every `#/components/...` reference of the
 * bundle must then resolve, or bundling fails naming the reference and where to define it.
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

/** Replaces each external `$ref` among `map`'s values by the node it points to; returns the file of each entry. */
function inlineEntries(map: YAMLMap, baseDir: string, load: (path: string) => Document): Map<string, string> {
  const sources = new Map<string, string>();
  for (const pair of map.items as Pair<unknown, unknown>[]) {
    const ref = externalRef(pair.value);
    if (!ref) continue;
    const path = join(baseDir, ref.file);
    const target = load(path).getIn(ref.pointer, true) as Node | undefined;
    if (target === undefined) throw new Error(`${path}: nothing at #/${ref.pointer.join("/")}`);
    pair.value = target;
    sources.set(String(isScalar(pair.key) ? pair.key.value : pair.key), path);
  }
  return sources;
}

/**
 * Adds to `listed` (a section of the root: its paths, or one kind of component) each entry of the same section of
 * the area files that it lacks, after the last entry listed from that file. `owner` records which file gave each
 * name, so one defined in two files (or in the root at `rootPath` and a file) is an error rather than a silent pick.
 */
function addUnlisted(
  listed: YAMLMap,
  owner: Map<string, string>,
  areas: Map<string, Document>,
  section: string[],
  label: (name: string) => string,
  rootPath: string,
): void {
  for (const [file, area] of areas) {
    const entries = area.getIn(section, true);
    if (!isMap(entries)) continue;
    for (const pair of entries.items as Pair<unknown, Node>[]) {
      const name = String(isScalar(pair.key) ? pair.key.value : pair.key);
      // A name the root defines in place (not as a reference into an area file) belongs to the root.
      const other = owner.get(name) ?? (listed.has(name) ? rootPath : undefined);
      if (other === file) continue;
      if (other !== undefined) {
        const [first, second] = [other, file].map(shown);
        throw new Error(
          `${label(name)} is defined in both ${first} and ${second}: keep one (common.yaml holds shared ones).`,
        );
      }
      const fromFile = listed.items.map((item) => owner.get(String((item.key as Scalar).value)) === file);
      const at = fromFile.includes(true) ? fromFile.lastIndexOf(true) + 1 : listed.items.length;
      listed.items.splice(at, 0, area.createPair(new Scalar(name), pair.value) as Pair<unknown, unknown>);
      owner.set(name, file);
    }
  }
}

/** The map at `key` of `parent`, created empty when missing. */
function sectionOf(parent: Document | YAMLMap, key: string): YAMLMap {
  if (!isMap(parent.get(key, true))) parent.set(key, new YAMLMap());
  return parent.get(key, true) as YAMLMap;
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
  documents.delete(rootPath);
  const baseDir = dirname(rootPath);
  const paths = sectionOf(root, "paths");
  const pathOwners = inlineEntries(paths, baseDir, load);
  const components = sectionOf(root, "components");
  const componentOwners = new Map<string, Map<string, string>>();
  for (const section of components.items as Pair<Scalar, unknown>[]) {
    if (isMap(section.value))
      componentOwners.set(String(section.key.value), inlineEntries(section.value, baseDir, load));
  }
  // The area files the root refers to, in the order of their first reference.
  const areas = new Map(documents);
  addUnlisted(paths, pathOwners, areas, ["paths"], (name) => `The path ${name}`, rootPath);
  const kinds = new Set([...areas.values()].flatMap((area) => Object.keys(area.toJS()?.components ?? {})));
  for (const kind of kinds) {
    const owners = componentOwners.get(kind) ?? new Map<string, string>();
    addUnlisted(
      sectionOf(components, kind),
      owners,
      areas,
      ["components", kind],
      (name) => `components.${kind}.${name}`,
      rootPath,
    );
  }
  checkLocalRefs(root.toJS(), rootPath);
  const body = root.toString({ lineWidth: 0, flowCollectionPadding: false });
  return `${BUNDLE_HEADER} sha256:${hashOf(body)}\n${body}`;
}
