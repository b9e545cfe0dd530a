import { readFile } from "node:fs/promises";
import { parse } from "yaml";

/** A JSON Schema node as it appears in the contract (OpenAPI 3.1 = JSON Schema 2020-12). */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  discriminator?: { propertyName: string };
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  [extension: `x-${string}`]: unknown;
}

/** The parsed contract plus a resolver for local `$ref`s. */
export interface Contract {
  readonly document: Record<string, any>;
  /** Follows a local `$ref` (repeatedly) and returns the node it points to. */
  resolve<T>(node: T): T;
}

/** Reads and parses the OpenAPI YAML document. */
export async function loadContract(path: string): Promise<Contract> {
  return parseContract(await readFile(path, "utf8"));
}

/** Parses the OpenAPI YAML document from its text (the bundle, before it is written). */
export function parseContract(text: string): Contract {
  const document = parse(text) as Record<string, any>;
  return { document, resolve: (node) => resolveRef(document, node) };
}

/** Top-level properties of an object schema that have a contract `default` (a caller may omit them from a request). */
export function defaultedProperties(contract: Contract, node: SchemaNode): string[] {
  const properties = contract.resolve(node).properties ?? {};
  return Object.keys(properties).filter((name) => properties[name]!.default !== undefined);
}

/** Returns the component name a `#/components/schemas/<Name>` reference points to. */
export function schemaRefName(ref: string): string {
  const prefix = "#/components/schemas/";
  if (!ref.startsWith(prefix)) throw new Error(`Unsupported schema reference: ${ref}`);
  return ref.slice(prefix.length);
}

function resolveRef<T>(document: Record<string, any>, node: T): T {
  let current: any = node;
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`Reference cycle at ${current.$ref}`);
    const ref: string = current.$ref;
    if (!ref.startsWith("#/")) throw new Error(`Only local references are supported: ${ref}`);
    current = ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((parent: any, key) => parent?.[key], document);
    if (current === undefined) throw new Error(`Unresolvable reference: ${ref}`);
  }
  return current as T;
}
