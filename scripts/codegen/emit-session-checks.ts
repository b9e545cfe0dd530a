import { schemaRefName, type SchemaNode } from "./contract.js";
import { ERROR_BODY, ERROR_CODE } from "./emit-zod.js";
import { literal, propertyKey } from "./naming.js";
import type { OperationModel } from "./model.js";

/**
 * The session client's answer validators without zod: the same checks as the zod/mini response validators of
 * `refreshToken` and `logout` (types, required keys, whole numbers, enums; unknown keys dropped, loose objects kept
 * whole), as plain functions in one module that imports only the checks they are built from (src/transport/plain-checks.ts,
 * hand-written and type-checked; no other module imports it, so a bundler keeps both in one chunk). Its chunk needs no other, so a browser fetches it
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

/** The hand-written module of the checks every answer's check is built from, relative to src/generated/validators/. */
const RUNTIME_MODULE = "../../transport/plain-checks.js";

/** The checks src/transport/plain-checks.ts exports, each imported when the emitted checks use it. */
const RUNTIME_CHECKS = ["array", "boolean", "integer", "kind", "object", "oneOf", "string", "validator"] as const;

/** The import of the checks `code` uses (and of the `Check` type). */
function runtimeImport(code: string): string {
  const used = RUNTIME_CHECKS.filter((name) => new RegExp(`(?<![\\w."])${name}(?![\\w":])`).test(code));
  return `import { ${[...used, "type Check"].join(", ")} } from ${literal(RUNTIME_MODULE)};`;
}

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

/** Emits `src/generated/validators/session.ts`: the session's two answer validators, zod-free, importing only the plain checks. */
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
  const body = [
    ...declarations,
    `/**\n * The validators of the answers the session client reads (refresh and logout), loaded with one \`import()\`: the\n * checks of their zod validators, in a module that imports only the plain checks (one chunk, one round trip).\n */\nexport const sessionValidators = { ${fields.join(", ")} };`,
    `const ${checkName(ERROR_BODY)}Validator = validator(${checkName(ERROR_BODY)});`,
    `/**\n * The same answers' operations' validators, for their fetchers (the transport reads \`safeParse\` and its issues\n * alone, which these checks give as zod's validators do).\n */\nexport const operationValidators = { ${operationFields.join(", ")} } as unknown as Record<${SESSION_OPERATIONS.map(literal).join(" | ")}, OperationValidators>;`,
  ];
  const imports = [
    `import type { OperationValidators } from "../../transport/operation.js";`,
    runtimeImport(body.join("\n")),
    `import type { operations } from "../schema.js";`,
  ];
  return `${[header, imports.join("\n"), ...body].join("\n\n")}\n`;
}
