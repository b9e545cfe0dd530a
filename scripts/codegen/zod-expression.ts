import { schemaRefName, type SchemaNode } from "./contract.js";
import { componentSchemaName, literal, propertyKey } from "./naming.js";

/**
 * Turns one JSON Schema node into a zod/mini expression, one small transform per node kind.
 * Every call is marked pure so bundlers drop the validators a bundle does not use.
 */

/** How objects are treated: request bodies reject unknown keys, responses strip them. */
export type ObjectMode = "request" | "response";

/** Context of one conversion: the object mode and how a `$ref` becomes an identifier. */
export interface ZodContext {
  mode: ObjectMode;
  /** Identifier for a referenced component in this mode (lets the caller track dependencies). */
  reference(component: string, mode: ObjectMode): string;
}

const PURE = "/* @__PURE__ */ ";

/** A pure call of a zod/mini factory. */
export function zodCall(factory: string, ...args: string[]): string {
  return `${PURE}z.${factory}(${args.join(", ")})`;
}

/** The zod/mini expression validating `node`. */
export function zodExpression(node: SchemaNode, context: ZodContext): string {
  if (node.$ref) return context.reference(schemaRefName(node.$ref), context.mode);
  if (node.const !== undefined) return zodCall("literal", literal(node.const));
  if (node.enum) return enumExpression(node.enum);
  if (node.oneOf || node.anyOf) return unionExpression(node, context);
  if (node.allOf) return allOfExpression(node.allOf, context);
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const nonNull = types.filter((t) => t !== "null");
  if (nonNull.length > 1) throw new Error(`Unsupported multi-type schema: ${types.join(", ")}`);
  const inner = typedExpression(nonNull[0], node, context);
  return types.includes("null") ? zodCall("nullable", inner) : inner;
}

function typedExpression(type: string | undefined, node: SchemaNode, context: ZodContext): string {
  switch (type) {
    case "string":
      return stringExpression(node, context.mode);
    case "integer":
      // Responses: any whole JSON number, as the provider promises no safe-integer range (z.int would refuse one,
      // and costs ≈0.5 KB gz); a fraction is still not an integer. Requests are ours to build: checked as z.int.
      // One shared validator (WHOLE_NUMBER's module) rather than its code again in every chunk that checks one.
      return context.mode === "response" ? withBounds(WHOLE_NUMBER, node) : withBounds(zodCall("int"), node);
    case "number":
      return withBounds(zodCall("number"), node);
    case "boolean":
      return zodCall("boolean");
    case "array":
      return zodCall("array", zodExpression(node.items ?? {}, context));
    case "object":
      return objectExpression(node, context);
    case undefined:
      return node.properties ? objectExpression(node, context) : zodCall("unknown");
    default:
      throw new Error(`Unsupported schema type: ${type}`);
  }
}

/** The shared validator of a response's integer: any whole JSON number (declared once, in the switch's module). */
export const WHOLE_NUMBER = "WholeNumber";

/**
 * WHOLE_NUMBER's declaration. It sits in the module every validator imports (the compile-out switch's) so that a
 * bundler puts it in the chunk of zod itself: a module of its own would be a chunk of its own (measured: +52 B gz).
 */
export const WHOLE_NUMBER_DECLARATION = `/** A response's integer: any whole JSON number (one validator, shared by every response that has one). */
export const ${WHOLE_NUMBER} = ${zodCall("number")}.check(${zodCall("refine", "Number.isInteger", literal("expected an integer"))});`;

/** zod core's builder of an ISO date-time string schema (what `z.iso.datetime` calls), imported by name. */
export const ISO_DATE_TIME = "_isoDateTime";

function stringExpression(node: SchemaNode, mode: ObjectMode): string {
  // Formats such as email stay the server's call. A response's date-time is any string: the provider promises
  // no format the client relies on, and z.iso.datetime costs ≈0.8 KB gz. Request date-times are checked
  // (offsets like +02:00 are valid). It is what `z.iso.datetime` builds, written without the `z.iso` namespace:
  // a bundler builds a namespace object with a runtime helper, and a code-split app's entry chunk then imports
  // that helper's chunk even when it loads no validator.
  const isoDateTime = node.format === "date-time" && mode === "request";
  const base = isoDateTime ? `${PURE}${ISO_DATE_TIME}(z.ZodMiniISODateTime, { offset: true })` : zodCall("string");
  const checks = [
    node.minLength !== undefined ? zodCall("minLength", String(node.minLength)) : "",
    node.maxLength !== undefined ? zodCall("maxLength", String(node.maxLength)) : "",
  ].filter(Boolean);
  return checks.length ? `${base}.check(${checks.join(", ")})` : base;
}

function withBounds(base: string, node: SchemaNode, checksFirst: string[] = []): string {
  const checks = [
    ...checksFirst,
    node.minimum !== undefined ? zodCall("minimum", String(node.minimum)) : "",
    node.maximum !== undefined ? zodCall("maximum", String(node.maximum)) : "",
  ].filter(Boolean);
  return checks.length ? `${base}.check(${checks.join(", ")})` : base;
}

/**
 * Enums are literals with a list of values: z.literal accepts several, and one kind for consts and enums keeps
 * z.enum (≈0.3 KB gz) out of every bundle.
 */
function enumExpression(values: unknown[]): string {
  const nonNull = values.filter((v) => v !== null);
  const inner =
    nonNull.length === 1
      ? zodCall("literal", literal(nonNull[0]))
      : zodCall("literal", `[${nonNull.map(literal).join(", ")}]`);
  return nonNull.length < values.length ? zodCall("nullable", inner) : inner;
}

function unionExpression(node: SchemaNode, context: ZodContext): string {
  const members = (node.oneOf ?? node.anyOf ?? []).map((member) => zodExpression(member, context));
  const discriminator = node.discriminator?.propertyName;
  return discriminator
    ? zodCall("discriminatedUnion", literal(discriminator), `[${members.join(", ")}]`)
    : zodCall("union", `[${members.join(", ")}]`);
}

function allOfExpression(parts: SchemaNode[], context: ZodContext): string {
  const [first, ...rest] = parts.map((part) => zodExpression(part, context));
  if (!first) return zodCall("unknown");
  return rest.reduce((left, right) => zodCall("intersection", left, right), first);
}

function objectExpression(node: SchemaNode, context: ZodContext): string {
  const properties = Object.entries(node.properties ?? {});
  const extra = node.additionalProperties;
  if (properties.length === 0) {
    // Maps are objects whose every key follows one schema: an empty object with a catchall (or a loose one) reuses
    // the object code every bundle already has, where z.record would add ≈0.6 KB gz to every fetcher.
    if (extra === false) return zodCall("strictObject", "{}");
    if (typeof extra === "object") return zodCall("catchall", zodCall("object", "{}"), zodExpression(extra, context));
    return zodCall("looseObject", "{}");
  }
  const required = new Set(node.required ?? []);
  const shape = properties
    .map(([name, property]) => `${propertyKey(name)}: ${propertyExpression(property, required.has(name), context)}`)
    .join(",\n");
  const factory = extra === true ? "looseObject" : context.mode === "request" ? "strictObject" : "object";
  // One property per line: the formatter keeps an object literal expanded when its first key starts a new line.
  return zodCall(factory, `{\n${shape},\n}`);
}

/**
 * One property of an object. In a request, a property with a contract `default` may be omitted by the caller
 * and is filled in on the wire (`_default`); responses never invent values, so there a default changes nothing.
 */
function propertyExpression(property: SchemaNode, required: boolean, context: ZodContext): string {
  const value = zodExpression(property, context);
  if (context.mode === "request" && property.default !== undefined)
    return zodCall("_default", value, literal(property.default));
  return required ? value : zodCall("optional", value);
}

/** Component names referenced (directly or deeply) by a node, in first-seen order. */
export function referencedComponents(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => referencedComponents(child, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/")) {
        const name = schemaRefName(value);
        if (!found.includes(name)) found.push(name);
      } else if (key !== "examples" && key !== "example") referencedComponents(value, found);
    }
  }
  return found;
}

/** The identifier of a component schema in a mode (request-mode objects get an `Input` twin). */
export function componentIdentifier(component: string, mode: ObjectMode): string {
  const name = componentSchemaName(component);
  return mode === "request" ? name.replace(/Schema$/, "InputSchema") : name;
}
