import { defaultedProperties, type Contract } from "./contract.js";
import { browserOperations, calledOperations, inputIsOptional, type OperationModel } from "./model.js";
import { SESSION_CHECKS_MODULE, SESSION_OPERATIONS } from "./emit-session-checks.js";
import { ERROR_RESPONSE_SCHEMA, SCHEMA_DIR, type ValidatorNames } from "./emit-zod.js";
import { GENERATED_HEADER, docComment, fixedHeadersName, literal, operationNames } from "./naming.js";

/**
 * Emits `src/generated/operations.ts`: operation descriptors, per-operation types and one typed fetcher each, for
 * the calls a browser makes. The error codes of every called operation (the server's too: types only) are registered
 * here, once, so an `ApiError` of a server call narrows like any other.
 */
export function emitOperations(contract: Contract, allOperations: OperationModel[]): string {
  const called = calledOperations(allOperations);
  const operations = browserOperations(called);
  const codes = called
    .map((op) =>
      op.surface === "server"
        ? `  ${op.operationId}: ${unionOf(withUnexpected(op.errorCodes))};`
        : `  ${op.operationId}: ${operationNames(op.operationId).errorCode};`,
    )
    .join("\n");
  const headerSets = fixedHeaderSets(operations);
  return `${[
    GENERATED_HEADER,
    [
      `import type { EmptyRequest, OperationCaller, OperationDescriptor, RequestOptions, UndefinedAllowed, WithDefaults } from "../transport/operation.js";`,
      `import type { WithOptionalHeaders } from "../transport/openapi-fetch.js";`,
      `import type { operations, paths } from "./schema.js";`,
      `import type { ValidationSwitch } from "./${SCHEMA_DIR}/compile-out-switch.js";`,
    ].join("\n"),
    `/** Error codes each operation documents, by operation id. */\nexport interface OperationErrorCodes {\n${codes}\n}`,
    `/** The id of every operation in the contract. */\nexport type OperationId = keyof OperationErrorCodes;`,
    `// The transport's types learn the operations and their error codes here (declaration merging on the package's\n// own name, so the published declarations merge too).\ndeclare module "orgauth" {\n  interface Register {\n    operationErrorCodes: OperationErrorCodes;\n  }\n}`,
    COMPILED_OUT_DECLARATION,
    pathsWithoutFixedHeaders(operations),
    ...[...headerSets].map(
      ([value, name]) => `/** Headers the contract fixes on the operations that use it. */\nconst ${name} = ${value};`,
    ),
    ...operations.map((op) => operationBlock(contract, op, headerSets)),
    allOperationsList(operations),
  ].join("\n\n")}\n`;
}

/**
 * `PathsWithoutCsrf`: the contract's `paths` with every header the browser's operations fix made optional (for
 * openapi-fetch, with a middleware that sends them instead of each call).
 */
function pathsWithoutFixedHeaders(operations: OperationModel[]): string {
  const names = [...new Set(operations.flatMap((op) => Object.keys(op.fixedHeaders)))];
  return `/**\n * The contract's \`paths\` with the headers it fixes (${names.join(", ")}) optional: the types for openapi-fetch's\n * \`createClient\` when a middleware sends them, so no call repeats them (see docs/openapi-fetch.md).\n */\nexport type PathsWithoutCsrf = WithOptionalHeaders<paths, ${names.length ? unionOf(names) : "never"}>;`;
}

/** The list of every descriptor: for test kits that route by path; a bundle that never names it drops it. */
function allOperationsList(operations: OperationModel[]): string {
  const items = operations.map((op) => `  ${op.operationId}Operation,`).join("\n");
  return `/** @internal Every operation's descriptor, in contract order (for tools and test kits; fetchers do not use it). */\nexport const allOperations: readonly OperationDescriptor<OperationId>[] = [\n${items}\n];`;
}

/** Each distinct set of fixed headers (as an object literal) → the shared constant descriptors point to. */
export function fixedHeaderSets(operations: OperationModel[]): Map<string, string> {
  const sets = new Map<string, string>();
  for (const op of operations) {
    const value = headersLiteral(op);
    if (value && !sets.has(value))
      sets.set(value, fixedHeadersName(Object.keys(op.fixedHeaders), new Set(sets.values())));
  }
  return sets;
}

function headersLiteral(op: OperationModel): string | undefined {
  const entries = Object.entries(op.fixedHeaders);
  return entries.length
    ? `{ ${entries.map(([name, value]) => `${literal(name)}: ${literal(value)}`).join(", ")} }`
    : undefined;
}

/** The constant descriptors use when the app's bundler compiles validation out. */
export const COMPILED_OUT_DECLARATION = `/** The validators of every operation when the app's bundler compiles validation out: none (nothing is loaded). */\nconst compiledOut = () => Promise.resolve({ validators: { responses: {} } });`;

/** How a fetcher is written: the transport type it takes, and how it authorises the call. */
export interface FetcherStyle {
  transportType: string;
  /** The fetcher's body for a call of `descriptor`, typed `response`. */
  body(op: OperationModel, descriptor: string, response: string): string;
  /** True when the body may throw before the call (an async fetcher turns that into a rejection). */
  throwsBeforeCall?(op: OperationModel): boolean;
}

const BROWSER_FETCHER: FetcherStyle = {
  transportType: "OperationCaller",
  body: (_op, descriptor, response) => `return transport.call<${response}>(${descriptor}, request, options);`,
};

/** The types, descriptor and fetcher of one operation. */
export function operationBlock(
  contract: Contract,
  op: OperationModel,
  headerSets: Map<string, string>,
  style: FetcherStyle = BROWSER_FETCHER,
): string {
  const names = operationNames(op.operationId);
  const extra = style === BROWSER_FETCHER ? [] : extraRequestMembers(op);
  const requestType = requestTypeOf(contract, op, extra);
  const hasInput = requestType !== "EmptyRequest";
  const requestParam = !hasInput
    ? `request: EmptyRequest = {}`
    : inputIsOptional(op) && !extra.length
      ? `request: ${names.request} = {}`
      : `request: ${names.request}`;
  return [
    `/** Error codes \`${op.operationId}\` documents. */\nexport type ${names.errorCode} = ${unionOf(withUnexpected(op.errorCodes))};`,
    hasInput ? `/** Arguments of \`${op.operationId}\`. */\nexport interface ${names.request} ${requestType}` : "",
    `/** Data \`${op.operationId}\` resolves with. */\nexport type ${names.response} = ${responseTypeOf(op)};`,
    `/** @internal The descriptor of ${op.method} ${op.path}, behind the fetcher. */\nexport const ${names.descriptor}: OperationDescriptor<${literal(op.operationId)}> = ${descriptorOf(op, headerSets)};`,
    `${docComment(`${op.summary} (${op.method} ${op.path})`)}export ${style.throwsBeforeCall?.(op) ? "async " : ""}function ${names.fetcher}(transport: ${style.transportType}, ${requestParam}, options?: RequestOptions): Promise<${names.response}> {\n  ${style.body(op, names.descriptor, names.response)}\n}`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** Request members a server fetcher takes besides path, query and body: the access token that authorises it. */
function extraRequestMembers(op: OperationModel): string[] {
  return op.bearer === "accessToken"
    ? [
        `  /** The user's access token: it authorises this call (\`Authorization: Bearer\`), not the API key. */\n  accessToken: string;`,
      ]
    : [];
}

function requestTypeOf(contract: Contract, op: OperationModel, extra: string[]): string {
  const ref = `operations[${literal(op.operationId)}]`;
  const members: string[] = [...extra];
  if (op.pathParams.length) members.push(`  path: ${ref}["parameters"]["path"];`);
  if (op.queryParams.length) {
    const required = op.queryParams.some((p) => p.required);
    members.push(
      `  query${required ? "" : "?"}: UndefinedAllowed<NonNullable<${ref}["parameters"]["query"]>>${required ? "" : " | undefined"};`,
    );
  }
  if (op.requestBody) {
    const body = `NonNullable<${ref}["requestBody"]>["content"]["application/json"]`;
    const defaulted = defaultedProperties(contract, op.requestBody.schema);
    const type = defaulted.length ? `WithDefaults<${body}, ${unionOf(defaulted)}>` : body;
    members.push(
      `  body${op.requestBody.required ? "" : "?"}: UndefinedAllowed<${type}>${op.requestBody.required ? "" : " | undefined"};`,
    );
  }
  return members.length ? `{\n${members.join("\n")}\n}` : "EmptyRequest";
}

function responseTypeOf(op: OperationModel): string {
  const types = op.successResponses.map((r) =>
    r.schema
      ? `operations[${literal(op.operationId)}]["responses"][${r.status}]["content"]["application/json"]`
      : "void",
  );
  return types.length ? [...new Set(types)].join(" | ") : "void";
}

/** The descriptor literal: only what the transport cannot derive (path parameters come from the path). */
function descriptorOf(op: OperationModel, headerSets: Map<string, string>): string {
  const headers = headersLiteral(op);
  const lines = [
    `operationId: ${literal(op.operationId)}`,
    `method: ${literal(op.method)}`,
    `path: ${literal(op.path)}`,
    op.pathParams.length ? `url: ${pathBuilder(op.path)}` : "",
    headers ? `headers: ${headerSets.get(headers)}` : "",
    op.requestBody ? "body: true" : "",
    `responses: { ${op.successResponses.map((r) => `${r.status}: ${Boolean(r.schema)}`).join(", ")} }`,
    withoutUnexpected(op.errorCodes).length
      ? `errorCodes: [${withoutUnexpected(op.errorCodes).map(literal).join(", ")}]`
      : "",
    op.statusCodes
      ? `statusCodes: { ${Object.entries(op.statusCodes)
          .map(([status, code]) => `${status}: ${literal(code)}`)
          .join(", ")} }`
      : "",
    `validators: () => ${VALIDATION_OFF} ? ${COMPILED_OUT}() : ${validatorsImport(op.operationId)}`,
  ].filter(Boolean);
  return `{\n  ${lines.join(",\n  ")},\n}`;
}

/**
 * The compile-out switch, written out in each descriptor: an app's bundler that defines it as "off" drops the
 * `import()` beside it, and with it the operation's validator chunk.
 */
const VALIDATION_OFF = `(globalThis as ValidationSwitch).ORGAUTH_VALIDATION === "off"`;
const COMPILED_OUT = "compiledOut";

/**
 * The operation's own path builder: its path as a template whose parameters `param` fills in (the transport checks
 * and percent-encodes each value), instead of a placeholder search on every call.
 */
function pathBuilder(path: string): string {
  return `(param) => \`${path.replace(/\{([^{}]+)\}/g, (_, name: string) => `\${param(${literal(name)})}`)}\``;
}

/** The `import()` of an operation's validators: its own module, or the session's checks for the session's answers. */
function validatorsImport(operationId: string): string {
  if (!SESSION_OPERATIONS.includes(operationId))
    return `import(${literal(`./${validatorModulePath(operationId)}.js`)})`;
  return `import(${literal(`./${SESSION_CHECKS_MODULE}.js`)}).then((module) => ({ validators: module.operationValidators.${operationId} }))`;
}

/** The folder of the operations' validator modules, under src/generated/. */
export const VALIDATORS_DIR = "validators";

/** The module of an operation's validators, relative to src/generated/ and without extension. */
export function validatorModulePath(operationId: string): string {
  return `${VALIDATORS_DIR}/${operationId}`;
}

/**
 * Emits `src/generated/validators/<operationId>.ts`: the operation's body, success and error validators, in a
 * module of their own so that a code-splitting bundler loads them apart from the initial code.
 */
export function emitOperationValidators(op: OperationModel, validators: ValidatorNames): string {
  const body = op.requestBody ? validators.body(op.operationId) : undefined;
  const responses = op.successResponses
    .filter((r) => r.schema)
    .map((r) => [r.status, validators.response(op.operationId, r.status)] as const);
  // An operation whose status decides its error code reads its error bodies by status, not with the ErrorBody schema.
  const errorBody = op.statusCodes ? undefined : ERROR_RESPONSE_SCHEMA;
  const names = [...new Set([body, ...responses.map(([, name]) => name), errorBody])].filter(Boolean);
  const fields = [
    body ? `body: ${body}` : "",
    `responses: { ${responses.map(([status, name]) => `${status}: ${name}`).join(", ")} }`,
    errorBody ? `errorBody: ${errorBody}` : "",
  ].filter(Boolean);
  return `${[
    GENERATED_HEADER,
    [
      `import type { OperationValidators } from "../../transport/operation.js";`,
      ...names.map((name) => `import { ${name} } from "../${SCHEMA_DIR}/${name}.js";`),
    ].join("\n"),
    `/** The validators of \`${op.operationId}\` (${op.method} ${op.path}), loaded when the operation is first called. */\nexport const validators = { ${fields.join(", ")} } satisfies OperationValidators;`,
  ].join("\n\n")}\n`;
}

function withoutUnexpected(codes: string[]): string[] {
  return codes.filter((code) => code !== "unexpected_error");
}

/** The codes with `unexpected_error`, which every call can fail with. */
function withUnexpected(codes: string[]): string[] {
  return codes.includes("unexpected_error") ? codes : [...codes, "unexpected_error"];
}

/** A union of string literals. */
function unionOf(values: string[]): string {
  return values.map(literal).join(" | ");
}
