import { defaultedProperties, type Contract } from "./contract.js";
import { inputIsOptional, type OperationModel, type ResponseModel } from "./model.js";
import { GENERATED_HEADER, docComment, literal, pascalCase } from "./naming.js";
import type { ValidatorNames } from "./emit-zod.js";

/** Emits `src/generated/operations.ts`: operation descriptors, per-operation types and one typed fetcher each. */
export function emitOperations(contract: Contract, operations: OperationModel[], validators: ValidatorNames): string {
  const codes = operations.map((op) => `  ${op.operationId}: ${pascalCase(op.operationId)}ErrorCode;`).join("\n");
  const headerSets = fixedHeaderSets(operations);
  return `${[
    GENERATED_HEADER,
    [`import type { ZodMiniType } from "zod/mini";`, `import type { operations } from "./schema.js";`, `import * as v from "./zod.js";`].join("\n"),
    SHARED_TYPES,
    `/** Error codes each operation documents, by operation id. */\nexport interface OperationErrorCodes {\n${codes}\n}`,
    `/** The id of every operation in the contract. */\nexport type OperationId = keyof OperationErrorCodes;`,
    ...[...headerSets].map(([value, name]) => `/** Headers the contract fixes on the operations that use it. */\nconst ${name} = ${value};`),
    ...operations.map((op) => operationBlock(contract, op, headerSets, validators)),
    allOperationsList(operations),
  ].join("\n\n")}\n`;
}

/** The list of every descriptor: for test kits that route by path; a bundle that never names it drops it. */
function allOperationsList(operations: OperationModel[]): string {
  const items = operations.map((op) => `  ${op.operationId}Operation,`).join("\n");
  return `/** Every operation's descriptor, in contract order (for tools and test kits; fetchers do not use it). */\nexport const allOperations: readonly OperationDescriptor<OperationId>[] = [\n${items}\n];`;
}

/** Each distinct set of fixed headers (as an object literal) → the shared constant descriptors point to. */
function fixedHeaderSets(operations: OperationModel[]): Map<string, string> {
  const sets = new Map<string, string>();
  for (const op of operations) {
    const value = headersLiteral(op);
    if (value && !sets.has(value)) sets.set(value, headerSetName(op, sets));
  }
  return sets;
}

/** `{ "X-CSRF-Token": … }` → `xCsrfTokenHeader`: a set's constant is named after the headers it holds. */
function headerSetName(op: OperationModel, taken: Map<string, string>): string {
  const names = Object.keys(op.fixedHeaders);
  const stem = pascalCase(names.join(" "));
  const base = `${stem[0]!.toLowerCase()}${stem.slice(1)}${names.length === 1 ? "Header" : "Headers"}`;
  const used = new Set(taken.values());
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}${n}`;
  return name;
}

function headersLiteral(op: OperationModel): string | undefined {
  const entries = Object.entries(op.fixedHeaders);
  return entries.length ? `{ ${entries.map(([name, value]) => `${literal(name)}: ${literal(value)}`).join(", ")} }` : undefined;
}

const SHARED_TYPES = `/** HTTP methods used by the contract. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Static facts about one operation that the transport needs to call it and check the answer. */
export interface OperationDescriptor<Id extends string = string> {
  readonly operationId: Id;
  readonly method: HttpMethod;
  /** The full path; \`{name}\` marks a path parameter. */
  readonly path: string;
  /** Headers the contract fixes (the CSRF header of front-end calls). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: ZodMiniType;
  /** Success statuses → schema of their JSON body (null: no body). */
  readonly responses: Readonly<Record<number, ZodMiniType | null>>;
  /** Error codes the operation documents besides \`unexpected_error\`, which every operation can answer with. */
  readonly errorCodes?: readonly string[];
}

/** Per-call options. */
export interface RequestOptions {
  /** Aborts the call. */
  signal?: AbortSignal;
  /** Overrides the transport's request timeout for this call. */
  timeoutMs?: number;
  /** Extra request headers (e.g. \`Prefer\` to pick a mock example). */
  headers?: Record<string, string>;
}

/** Path, query and body of one call. */
export interface OperationRequest {
  path?: object | undefined;
  query?: object | undefined;
  body?: unknown;
}

/** What the generated fetchers call: implemented by the transport (\`createTransport\`). */
export interface OperationCaller {
  call<Data>(operation: OperationDescriptor, request: OperationRequest, options?: RequestOptions): Promise<Data>;
}

/** Arguments of an operation that takes none. */
export type EmptyRequest = Record<string, never>;

/** A request body whose fields with a contract \`default\` the caller may omit (the transport fills them in). */
export type WithDefaults<Body, Defaulted extends keyof Body> = Omit<Body, Defaulted> & Partial<Pick<Body, Defaulted>>;

/**
 * \`T\` whose optional properties also accept \`undefined\` (a \`string | undefined\` variable can be passed as is under
 * \`exactOptionalPropertyTypes\`); a property that is undefined is not sent.
 */
export type UndefinedAllowed<T> = { [K in keyof T]: {} extends Pick<T, K> ? T[K] | undefined : T[K] };`;

function operationBlock(contract: Contract, op: OperationModel, headerSets: Map<string, string>, validators: ValidatorNames): string {
  const name = pascalCase(op.operationId);
  const requestType = requestTypeOf(contract, op);
  const hasInput = requestType !== "EmptyRequest";
  const requestParam = !hasInput ? `request: EmptyRequest = {}` : inputIsOptional(op) ? `request: ${name}Request = {}` : `request: ${name}Request`;
  return [
    `/** Error codes \`${op.operationId}\` documents. */\nexport type ${name}ErrorCode = ${unionOf(withUnexpected(op.errorCodes))};`,
    hasInput ? `/** Arguments of \`${op.operationId}\`. */\nexport interface ${name}Request ${requestType}` : "",
    `/** Data \`${op.operationId}\` resolves with. */\nexport type ${name}Response = ${responseTypeOf(op)};`,
    `/** ${op.method} ${op.path} */\nexport const ${op.operationId}Operation: OperationDescriptor<${literal(op.operationId)}> = ${descriptorOf(op, headerSets, validators)};`,
    `${docComment(`${op.summary} (${op.method} ${op.path})`)}export function ${op.operationId}(transport: OperationCaller, ${requestParam}, options?: RequestOptions): Promise<${name}Response> {\n  return transport.call<${name}Response>(${op.operationId}Operation, request, options);\n}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

function requestTypeOf(contract: Contract, op: OperationModel): string {
  const ref = `operations[${literal(op.operationId)}]`;
  const members: string[] = [];
  if (op.pathParams.length) members.push(`  path: ${ref}["parameters"]["path"];`);
  if (op.queryParams.length) {
    const required = op.queryParams.some((p) => p.required);
    members.push(`  query${required ? "" : "?"}: UndefinedAllowed<NonNullable<${ref}["parameters"]["query"]>>${required ? "" : " | undefined"};`);
  }
  if (op.requestBody) {
    const body = `NonNullable<${ref}["requestBody"]>["content"]["application/json"]`;
    const defaulted = defaultedProperties(contract, op.requestBody.schema);
    const type = defaulted.length ? `WithDefaults<${body}, ${unionOf(defaulted)}>` : body;
    members.push(`  body${op.requestBody.required ? "" : "?"}: UndefinedAllowed<${type}>${op.requestBody.required ? "" : " | undefined"};`);
  }
  return members.length ? `{\n${members.join("\n")}\n}` : "EmptyRequest";
}

function responseTypeOf(op: OperationModel): string {
  const types = op.successResponses.map((r) =>
    r.schema ? `operations[${literal(op.operationId)}]["responses"][${r.status}]["content"]["application/json"]` : "void",
  );
  return types.length ? [...new Set(types)].join(" | ") : "void";
}

/** The descriptor literal: only what the transport cannot derive (path parameters come from the path). */
function descriptorOf(op: OperationModel, headerSets: Map<string, string>, validators: ValidatorNames): string {
  const headers = headersLiteral(op);
  const lines = [
    `operationId: ${literal(op.operationId)}`,
    `method: ${literal(op.method)}`,
    `path: ${literal(op.path)}`,
    headers ? `headers: ${headerSets.get(headers)}` : "",
    op.requestBody ? `body: v.${validators.body(op.operationId)}` : "",
    `responses: { ${op.successResponses.map((r) => responseEntry(op, r, validators)).join(", ")} }`,
    withoutUnexpected(op.errorCodes).length ? `errorCodes: [${withoutUnexpected(op.errorCodes).map(literal).join(", ")}]` : "",
  ].filter(Boolean);
  return `{\n  ${lines.join(",\n  ")},\n}`;
}

function responseEntry(op: OperationModel, response: ResponseModel, validators: ValidatorNames): string {
  return `${response.status}: ${response.schema ? `v.${validators.response(op.operationId, response.status)}` : "null"}`;
}

function withoutUnexpected(codes: string[]): string[] {
  return codes.filter((code) => code !== "unexpected_error");
}

function withUnexpected(codes: string[]): string[] {
  return codes.includes("unexpected_error") ? codes : [...codes, "unexpected_error"];
}

function unionOf(values: string[]): string {
  return values.map(literal).join(" | ");
}
