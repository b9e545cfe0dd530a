/**
 * The parameters the runtime can send. The transport's URL builder writes a path parameter as one percent-encoded
 * string (style `simple`, not exploded) and a query parameter as `name=value`, an array as `name=a&name=b` (style
 * `form`, exploded); every header parameter is a fixed value. A parameter the contract serialises any other way — a
 * different style, `explode`, `allowReserved`, `content`, an object value, an array of arrays or objects, a cookie —
 * would be sent wrong without a word, so the generator refuses it, naming the operation and the parameter.
 */
import type { ParameterObject } from "openapi-typescript";
import type { Contract, SchemaNode } from "./contract.js";

/** The serialisation the URL builder implements, per location (OpenAPI's defaults for each). */
const IMPLEMENTED = {
  path: { style: "simple", explode: false },
  query: { style: "form", explode: true },
  header: { style: "simple", explode: false },
} as const;

const SCALAR = new Set(["string", "integer", "number", "boolean", "null"]);
const STRING = new Set(["string", "null"]);

/** Throws when the parameter is serialised in a way the runtime does not implement (see the module comment). */
export function assertImplementedParameter(contract: Contract, operationId: string, parameter: ParameterObject): void {
  const where = `${operationId}: ${parameter.in} parameter "${parameter.name}"`;
  const refuse = (problem: string, fix: string): never => {
    throw new Error(`${where} ${problem}; ${fix}`);
  };
  if (!(parameter.in in IMPLEMENTED))
    refuse(`is a ${parameter.in} parameter`, "the client sends only path, query and fixed header parameters");
  const implemented = IMPLEMENTED[parameter.in as keyof typeof IMPLEMENTED];
  if (parameter.style !== undefined && parameter.style !== implemented.style)
    refuse(`has style "${parameter.style}"`, `the URL builder writes only style "${implemented.style}" (the default)`);
  if (parameter.explode !== undefined && parameter.explode !== implemented.explode)
    refuse(
      `has explode: ${parameter.explode}`,
      `the URL builder writes only explode: ${implemented.explode} (the default)`,
    );
  if (parameter.allowReserved === true)
    refuse("has allowReserved: true", "the URL builder percent-encodes every reserved character");
  if (parameter.content !== undefined || parameter.schema === undefined)
    refuse("has no `schema` (or a `content` map)", "describe the value with `schema`");
  const schema = contract.resolve(parameter.schema as SchemaNode);
  if (parameter.in === "path") {
    if (!isScalar(contract, schema, STRING))
      refuse(`is not a string (${typeName(schema)})`, "the URL builder takes a path value only as a string");
    return;
  }
  if (isScalar(contract, schema)) return;
  if (parameter.in === "query" && schemaTypes(schema).includes("array") && schema.items) {
    if (isScalar(contract, contract.resolve(schema.items))) return;
    refuse("is an array of arrays or objects", "a query array may hold only strings, numbers or booleans");
  }
  refuse(
    `is not a string, number or boolean (${typeName(schema)})`,
    parameter.in === "query"
      ? "a query value may be one of those or an array of them: serialise anything else into a string"
      : "serialise it into a string",
  );
}

/**
 * True for a schema of the given scalar types (by default string, number, integer or boolean): an enum or const of
 * such values, or a choice between such schemas, counts too.
 */
function isScalar(contract: Contract, schema: SchemaNode, allowed: Set<string> = SCALAR): boolean {
  const types = schemaTypes(schema);
  if (types.length) return types.every((type) => allowed.has(type)) && types.some((type) => type !== "null");
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  if (values) return values.every((value) => value === null || allowed.has(typeof value));
  const choices = schema.oneOf ?? schema.anyOf;
  return choices?.every((choice) => isScalar(contract, contract.resolve(choice), allowed)) ?? false;
}

function schemaTypes(schema: SchemaNode): string[] {
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** The schema's type as an error message shows it. */
function typeName(schema: SchemaNode): string {
  return schema.type === undefined ? "no type" : `type ${JSON.stringify(schema.type)}`;
}
