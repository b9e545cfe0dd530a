import type { Contract, SchemaNode } from "./contract.js";
import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, bodySchemaName, componentSchemaName, docComment, responseSchemaName } from "./naming.js";
import {
  ISO_DATE_TIME,
  WHOLE_NUMBER,
  WHOLE_NUMBER_DECLARATION,
  componentIdentifier,
  referencedComponents,
  zodCall,
  zodExpression,
  type ObjectMode,
  type ZodContext,
} from "./zod-expression.js";

/** Name of the component every error body follows, and of the enum its `error_code` uses. */
/** The component of every error body. */
export const ERROR_BODY = "ErrorBody";
/** The component of the error codes (an error body's code is checked as any string). */
export const ERROR_CODE = "ErrorCode";

/** The zod constant used for every error body (its `error_code` is any string, so unknown codes stay typed errors). */
export const ERROR_RESPONSE_SCHEMA = "ErrorResponseBodySchema";

/** The zod constant the descriptor of each operation points to, for its request body and each success status. */
export interface ValidatorNames {
  body(operationId: string): string;
  response(operationId: string, status: number): string;
}

/**
 * Emits the validators (`src/generated/zod/`, re-exported by `zod.ts`): the component validators operations reach, then a validator per operation body and
 * response that is not just a component (a body or response that is a `$ref` uses the component's own validator).
 */
export function emitZod(
  contract: Contract,
  operations: OperationModel[],
): { files: Record<string, string>; validators: ValidatorNames } {
  const components: Record<string, SchemaNode> = contract.document.components?.schemas ?? {};
  const requestReached = reachedFrom(
    components,
    operations.flatMap((op) => (op.requestBody ? [op.requestBody.schema] : [])),
  );
  const requestComponents = new Set([...requestReached].filter((name) => containsObject(contract, components[name])));
  const errorBody = components[ERROR_BODY];
  // The error body's `error_code` is emitted as any string, so the error-code enum is not reached through it.
  const errorBodyReferences = errorBody
    ? [...referencedComponents(errorBody)].filter((name) => name !== ERROR_CODE)
    : [];
  const responseReached = reachedFrom(components, [
    // Error responses are all read with the error-body validator below, so only success bodies are roots here.
    ...operations.flatMap((op) => op.successResponses.map((r) => r.schema)),
    ...errorBodyReferences.map((name) => components[name]),
  ]);
  errorBodyReferences.forEach((name) => responseReached.add(name));
  const blocks: SchemaBlock[] = [];
  for (const name of topologicalOrder(components)) {
    if (!responseReached.has(name) && !requestReached.has(name)) continue;
    const node = components[name]!;
    const doc = docComment(node.description);
    // A component only request bodies use gets just its strict twin; the rest keep the stripping validator.
    if (responseReached.has(name) || !requestComponents.has(name)) {
      blocks.push({
        name: componentSchemaName(name),
        doc,
        expression: switchable(zodExpression(node, contextFor("response", requestComponents))),
      });
    }
    if (requestComponents.has(name)) {
      blocks.push({
        name: componentIdentifier(name, "request"),
        doc,
        expression: switchable(zodExpression(node, contextFor("request", requestComponents))),
      });
    }
  }
  if (errorBody) blocks.push(errorResponseBlock(errorBody, requestComponents));
  const names = new Map<string, string>();
  for (const op of operations) blocks.push(...operationBlocks(op, requestComponents, names));
  const validators: ValidatorNames = {
    body: (operationId) => names.get(bodySchemaName(operationId)) ?? bodySchemaName(operationId),
    response: (operationId, status) =>
      names.get(responseSchemaName(operationId, status)) ?? responseSchemaName(operationId, status),
  };
  return { files: schemaFiles(blocks), validators };
}

/** One validator: its constant's name, doc comment and expression. */
interface SchemaBlock {
  name: string;
  doc: string;
  expression: string;
}

/**
 * `zod.ts` (every validator, re-exported) and one module per validator under `zod/`, importing the validators it
 * references: a code-splitting bundler assigns whole modules to chunks, so a chunk that loads one operation's
 * validators carries those and no other operation's.
 */
function schemaFiles(blocks: SchemaBlock[]): Record<string, string> {
  const names = new Set(blocks.map((block) => block.name));
  const files: Record<string, string> = {
    [`${SCHEMA_DIR}/${SWITCH_MODULE}.ts`]: `${GENERATED_HEADER}\nimport * as z from "zod/mini";\n\n${COMPILE_OUT_SWITCH}\n\n${WHOLE_NUMBER_DECLARATION}\n`,
  };
  for (const block of blocks) {
    const references = [...new Set(block.expression.match(/\b\w+Schema\b/g) ?? [])].filter(
      (name) => name !== block.name && names.has(name),
    );
    const imports = [
      /\bz\./.test(block.expression) ? `import * as z from "zod/mini";` : "",
      block.expression.includes(ISO_DATE_TIME) ? `import { ${ISO_DATE_TIME} } from "zod/v4/core";` : "",
      switchImport(block.expression),
      ...references.map((name) => `import { ${name} } from "./${name}.js";`),
    ].filter(Boolean);
    files[`${SCHEMA_DIR}/${block.name}.ts`] =
      `${GENERATED_HEADER}\n${imports.join("\n")}\n\n${block.doc}export const ${block.name} = ${block.expression};\n`;
  }
  const reexports = blocks.map((block) => `export { ${block.name} } from "./${SCHEMA_DIR}/${block.name}.js";`);
  files["zod.ts"] =
    `${GENERATED_HEADER}\n\n// Every validator of the contract, one module each under ${SCHEMA_DIR}/ (see there).\n${reexports.join("\n")}\n`;
  return files;
}

/** The import of the switch's module a validator needs: the switch, the shared whole number, both or none. */
function switchImport(expression: string): string {
  const names = [
    expression.includes("unchecked") ? "type ValidationSwitch, unchecked" : "",
    new RegExp(`\\b${WHOLE_NUMBER}\\b`).test(expression) ? WHOLE_NUMBER : "",
  ].filter(Boolean);
  return names.length ? `import { ${names.join(", ")} } from "./${SWITCH_MODULE}.js";` : "";
}

/** The folder of the validator modules, under src/generated/. */
export const SCHEMA_DIR = "zod";
const SWITCH_MODULE = "compile-out-switch";

/**
 * The switch that compiles validation out. An app's bundler that defines `globalThis.ORGAUTH_VALIDATION` as "off"
 * folds every validator to `unchecked`, and no zod code is left referenced. Each validator is a pure call, so a
 * bundle that does not use one still drops it.
 */
const COMPILE_OUT_SWITCH = `/** The global an app's bundler may define: "off" compiles response and request validation out of the bundle (read by the validators, never declared into the app's own types). */
export interface ValidationSwitch {
  ORGAUTH_VALIDATION?: "on" | "off" | undefined;
}

/** Every validator when validation is compiled out: it accepts any value as it is (typed \`never\` so each validator keeps its zod type; the library only calls \`safeParse\`). */
export const unchecked: never = { safeParse: (data: unknown) => ({ success: true, data }) } as never;`;

/** A validator expression behind the compile-out switch (a reference to another validator needs none). */
function switchable(expression: string): string {
  if (!expression.startsWith("/* @__PURE__ */ z.") && !expression.startsWith(WHOLE_NUMBER)) return expression;
  return `/* @__PURE__ */ (() => ((globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off" ? unchecked : ${expression}))()`;
}

/**
 * Per-operation validators. A body or response that is only a reference to a component gets no constant of its own:
 * `names` maps its would-be name to the component's validator instead.
 */
function operationBlocks(
  op: OperationModel,
  requestComponents: Set<string>,
  names: Map<string, string>,
): SchemaBlock[] {
  const blocks: SchemaBlock[] = [];
  const declare = (name: string, expression: string, doc: string): void => {
    if (isReference(expression)) names.set(name, expression);
    else blocks.push({ name, doc: `/** ${doc} */\n`, expression: switchable(expression) });
  };
  if (op.requestBody) {
    const expression = zodExpression(op.requestBody.schema, contextFor("request", requestComponents));
    declare(bodySchemaName(op.operationId), expression, `Request body of \`${op.operationId}\`.`);
  }
  for (const response of op.successResponses) {
    if (!response.schema) continue;
    const expression = zodExpression(response.schema, contextFor("response", requestComponents));
    declare(
      responseSchemaName(op.operationId, response.status),
      expression,
      `${response.status} response of \`${op.operationId}\`.`,
    );
  }
  return blocks;
}

/** A validator expression that is just another validator's name. */
function isReference(expression: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(expression);
}

function errorResponseBlock(errorBody: SchemaNode, requestComponents: Set<string>): SchemaBlock {
  const base = contextFor("response", requestComponents);
  const looseCodes: ZodContext = {
    mode: "response",
    reference: (name, mode) => (name === ERROR_CODE ? zodCall("string") : base.reference(name, mode)),
  };
  return {
    name: ERROR_RESPONSE_SCHEMA,
    doc: "/** Every error body, with `error_code` as any string so an unknown code stays a typed error. */\n",
    expression: switchable(zodExpression(errorBody, looseCodes)),
  };
}

function contextFor(mode: ObjectMode, requestComponents: Set<string>): ZodContext {
  return {
    mode,
    reference: (name, refMode) =>
      componentIdentifier(name, refMode === "request" && requestComponents.has(name) ? "request" : "response"),
  };
}

/** Component names reached (transitively) from the given schema nodes. */
function reachedFrom(components: Record<string, SchemaNode>, roots: (SchemaNode | undefined)[]): Set<string> {
  const reached = new Set<string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    reached.add(name);
    referencedComponents(components[name]).forEach(visit);
  };
  roots.forEach((root) => root && referencedComponents(root).forEach(visit));
  return reached;
}

function containsObject(contract: Contract, node: unknown): boolean {
  if (!node || typeof node !== "object") return false;
  const schema = contract.resolve(node as SchemaNode);
  if (schema.type === "object" || (Array.isArray(schema.type) && schema.type.includes("object")) || schema.properties)
    return true;
  return [
    schema.items,
    schema.additionalProperties,
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...(schema.allOf ?? []),
  ].some((child) => containsObject(contract, child));
}

/** Component names ordered so each comes after the components it references (document order otherwise). */
function topologicalOrder(components: Record<string, SchemaNode>): string[] {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string): void => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`Recursive schema ${name} is not supported`);
    if (!components[name]) throw new Error(`Unknown component schema ${name}`);
    state.set(name, "visiting");
    referencedComponents(components[name]).forEach(visit);
    state.set(name, "done");
    ordered.push(name);
  };
  Object.keys(components).forEach(visit);
  return ordered;
}
