import { schemaRefName, type SchemaNode } from "./contract.js";
import { ERROR_BODY, ERROR_CODE } from "./emit-zod.js";
import { literal, propertyKey } from "./naming.js";
import type { OperationModel } from "./model.js";

/**
 * The session client's answer validators without zod: the same checks as the zod/mini response validators of
 * `refreshToken` and `logout` (types, required keys, whole numbers, enums; unknown keys dropped, loose objects kept
 * whole), as plain functions in one module that imports nothing. Its chunk needs no other, so a browser fetches it
 * in one round trip while the first refresh is in flight; with zod it also needed zod's chunk, which an app shares
 * with its operations' validators and which the browser finds only once the first chunk arrived.
 */

/** The session's answers: the property of `sessionValidators`, the operation, its success status. */
const SESSION_ANSWERS = [
  ["refresh", "refreshToken", 200],
  ["logout", "logout", 200],
] as const;

/**
 * The operations whose validators are these checks, for their fetchers too (the operation table loads them from this
 * module: no zod copy of the same answers beside them, and no second module for a bundler to share between chunks).
 */
export const SESSION_OPERATIONS: readonly string[] = SESSION_ANSWERS.map(([, operationId]) => operationId);

/** The module of the checks, relative to src/generated/ and without extension. */
export const SESSION_CHECKS_MODULE = "validators/session";

/**
 * The checks every answer's check is built from; `value` is the answer's part at `path`, what is wrong goes into
 * `issues`, and the check returns what zod's object validators would (unknown keys dropped, loose objects copied).
 */
const RUNTIME = `/** One thing wrong with an answer: where (keys from its root) and what. */
interface Issue {
  path: PropertyKey[];
  message: string;
}

/** Checks one part of an answer, adds what is wrong to \`issues\` and returns the part as the session reads it. */
type Check = (value: unknown, path: PropertyKey[], issues: Issue[]) => unknown;

/** A check's result for a whole answer, shaped as zod's \`safeParse\` result (the error an \`Error\`, as zod's). */
type Checked<T> = { success: true; data: T } | { success: false; error: Error & { issues: Issue[] } };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A check that \`test\` passes, named \`expected\` in the issue. */
const kind =
  (expected: string, test: (value: unknown) => boolean): Check =>
  (value, path, issues) => {
    if (!test(value)) issues.push({ path, message: \`expected \${expected}\` });
    return value;
  };

const string = kind("string", (value) => typeof value === "string");
const boolean = kind("boolean", (value) => typeof value === "boolean");
/** Any whole JSON number (the provider promises no safe-integer range). */
const integer = kind("integer", Number.isInteger);

/** One of the listed values. */
const oneOf = (values: readonly unknown[]): Check => kind(values.join("|"), (value) => values.includes(value));

/** A list whose every item passes \`item\` (a hole is an undefined item). */
const array =
  (item: Check): Check =>
  (value, path, issues) =>
    Array.isArray(value)
      ? Array.from(value, (entry, index) => item(entry, [...path, index], issues))
      : kind("array", Array.isArray)(value, path, issues);

/**
 * An object: each known key checked (an optional one may be missing or undefined); other keys dropped, kept as they
 * are (\`rest\` true) or each checked by \`rest\`. Built with \`Object.fromEntries\`: a \`__proto__\` key stays a key.
 */
const object =
  (shape: Record<string, [Check, optional?: true]>, rest?: Check | true): Check =>
  (value, path, issues) => {
    if (!isObject(value)) return kind("object", isObject)(value, path, issues);
    const entries: [string, unknown][] = [];
    for (const [key, [check, optional]] of Object.entries(shape)) {
      if (!optional || value[key] !== undefined) entries.push([key, check(value[key], [...path, key], issues)]);
      else if (Object.hasOwn(value, key)) entries.push([key, undefined]);
    }
    for (const key of rest ? Object.keys(value) : []) {
      if (!Object.hasOwn(shape, key))
        entries.push([key, rest === true ? value[key] : rest!(value[key], [...path, key], issues)]);
    }
    return Object.fromEntries(entries);
  };

/** A whole answer's validator, with zod's \`safeParse\`. */
const validator = <T>(check: Check) => ({
  safeParse(input: unknown): Checked<T> {
    const issues: Issue[] = [];
    const data = check(input, [], issues) as T;
    if (!issues.length) return { success: true, data };
    // the message lists the issues, as zod's error's does
    return { success: false, error: Object.assign(new Error(JSON.stringify(issues)), { issues }) };
  },
});`;

/** The check expression of a schema node (response mode: what emit-zod's response validators check). */
function checkExpression(node: SchemaNode): string {
  // the error body's code is any string, as in its zod validator: an unknown code stays a typed error
  if (node.$ref) return schemaRefName(node.$ref) === ERROR_CODE ? "string" : checkName(schemaRefName(node.$ref));
  if (node.const !== undefined) return `oneOf([${literal(node.const)}])`;
  if (node.enum) return `oneOf([${node.enum.map(literal).join(", ")}])`;
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const unsupported =
    node.oneOf ?? node.anyOf ?? node.allOf ?? (types.includes("null") || types.length > 1 ? types : undefined);
  if (unsupported || node.minLength !== undefined || node.maxLength !== undefined)
    throw new Error(`The session's plain checks do not support this schema yet: ${JSON.stringify(node)}`);
  if (node.minimum !== undefined || node.maximum !== undefined)
    throw new Error(`The session's plain checks do not support bounds yet: ${JSON.stringify(node)}`);
  switch (types[0]) {
    case "string":
      return "string";
    case "integer":
      return "integer";
    case "number":
      return `kind("number", Number.isFinite)`;
    case "boolean":
      return "boolean";
    case "array":
      return `array(${checkExpression(node.items ?? {})})`;
    case "object":
    case undefined:
      if (types[0] === undefined && !node.properties) throw new Error("The session's plain checks need a type");
      return objectExpression(node);
    default:
      throw new Error(`Unsupported schema type: ${types[0]}`);
  }
}

/** An object's check: its properties, and what happens to other keys (dropped, kept, or checked). */
function objectExpression(node: SchemaNode): string {
  const required = new Set(node.required ?? []);
  const properties = Object.entries(node.properties ?? {});
  const shape = properties
    .map(([name, property]) => {
      const check = checkExpression(property);
      return `${propertyKey(name)}: [${check}${required.has(name) ? "" : ", true"}]`;
    })
    .join(",\n");
  const extra = node.additionalProperties;
  const rest =
    typeof extra === "object" ? `, ${checkExpression(extra)}` : extra === true || !properties.length ? ", true" : "";
  if (extra === false) throw new Error("The session's plain checks do not support closed objects yet");
  return `object({${shape ? `\n${shape},\n` : ""}}${rest})`;
}

/** The constant holding a component's check. */
function checkName(component: string): string {
  return `${component}Check`;
}

/** The components `node` references, each after the ones it references (the order the constants are declared in). */
function componentsInOrder(components: Record<string, SchemaNode>, roots: SchemaNode[]): string[] {
  const ordered: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          const name = schemaRefName(value);
          if (ordered.includes(name) || name === ERROR_CODE) continue; // checked as any string
          visit(components[name]);
          if (!ordered.includes(name)) ordered.push(name);
        } else if (key !== "examples" && key !== "example") visit(value);
      }
    }
  };
  visit(roots);
  return ordered;
}

/** Emits `src/generated/validators/session.ts`: the session's two answer validators, zod-free, importing nothing. */
export function emitSessionChecks(
  components: Record<string, SchemaNode>,
  operations: OperationModel[],
  header: string,
): string {
  const errorBody = components[ERROR_BODY];
  if (!errorBody) throw new Error(`The session's checks read error bodies: no ${ERROR_BODY} in the contract`);
  const answers = SESSION_ANSWERS.map(([property, operationId, status]) => {
    const op = operations.find((candidate) => candidate.operationId === operationId);
    const schema = op?.successResponses.find((response) => response.status === status)?.schema;
    if (!op || !schema) throw new Error(`The session reads ${operationId}'s ${status} answer: not in the contract`);
    if (op.requestBody || op.statusCodes || op.successResponses.filter((response) => response.schema).length !== 1)
      throw new Error(`${operationId}'s validators are more than one answer and the error body: not a session check`);
    return { property, operationId, status, schema };
  });
  const declarations = componentsInOrder(components, [
    ...answers.map((answer) => answer.schema),
    { $ref: `#/components/schemas/${ERROR_BODY}` },
  ]).map((name) => `const ${checkName(name)}: Check = ${checkExpression(components[name]!)};`);
  // the answers' types from schema.d.ts, not operations.ts, which imports this module (no import circle)
  const fields = answers.map(
    (answer) =>
      `${answer.property}: validator<operations[${literal(answer.operationId)}]["responses"][${answer.status}]["content"]["application/json"]>(${checkExpression(answer.schema)})`,
  );
  const operationFields = answers.map(
    (answer) =>
      `${answer.operationId}: { responses: { 200: sessionValidators.${answer.property} }, errorBody: ${checkName(ERROR_BODY)}Validator }`,
  );
  return `${[
    header,
    `import type { OperationValidators } from "../../transport/operation.js";\nimport type { operations } from "../schema.js";`,
    RUNTIME,
    ...declarations,
    `/**\n * The validators of the answers the session client reads (refresh and logout), loaded with one \`import()\`: the\n * checks of their zod validators, in a module that imports nothing (one chunk, one round trip).\n */\nexport const sessionValidators = { ${fields.join(", ")} };`,
    `const ${checkName(ERROR_BODY)}Validator = validator(${checkName(ERROR_BODY)});`,
    `/**\n * The same answers' operations' validators, for their fetchers (the transport reads \`safeParse\` and its issues\n * alone, which these checks give as zod's validators do).\n */\nexport const operationValidators = { ${operationFields.join(", ")} } as unknown as Record<${SESSION_OPERATIONS.map(literal).join(" | ")}, OperationValidators>;`,
  ].join("\n\n")}\n`;
}
