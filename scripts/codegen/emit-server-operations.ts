import type { Contract } from "./contract.js";
import { type OperationModel, calledOperations } from "./model.js";
import { SCHEMA_DIR } from "./emit-zod.js";
import { COMPILED_OUT_DECLARATION, type FetcherStyle, fixedHeaderSets, operationBlock } from "./emit-operations.js";
import { GENERATED_HEADER, docComment, literal, operationNames } from "./naming.js";

/** The module server entries import: `src/generated/server-operations.ts` (browser entries never reach it). */
export const SERVER_OPERATIONS_MODULE = "server-operations.ts";

/**
 * Emits `src/generated/server-operations.ts`: for the calls an app's server makes (the contract's server surface),
 * a descriptor and a typed fetcher each that take the server transport (the integration API key as bearer, no CSRF
 * header, no browser credentials; a call authorised by the user's access token takes it as `accessToken`); for a
 * browser navigation (an answer that is a page or a redirect), a URL builder instead of a fetcher. No query hooks.
 */
export function emitServerOperations(contract: Contract, operations: OperationModel[]): string {
  const server = operations.filter((op) => op.surface === "server");
  const called = calledOperations(server);
  const navigations = server.filter((op) => op.kind === "navigation");
  const headerSets = fixedHeaderSets(called);
  const ids = called.map((op) => literal(op.operationId));
  const blocks = [
    ids.length
      ? `/** The id of every call an app's server makes (its error codes are registered with the browser's). */\nexport type ServerOperationId = ${ids.join(" | ")};`
      : "",
    called.length ? COMPILED_OUT_DECLARATION : "",
    ...called.map((op) => operationBlock(contract, op, headerSets, SERVER_FETCHER)),
    ...navigations.map(navigationBlock),
  ].filter(Boolean);
  const code = blocks.join("\n\n");
  const used = (names: string[]): string[] => names.filter((name) => new RegExp(`\\b${name}\\b`).test(code));
  const importLine = (names: string[], from: string): string => {
    if (!names.length) return "";
    const typesOnly = names.every((name) => name.startsWith("type "));
    const listed = typesOnly ? names.map((name) => name.slice("type ".length)) : names;
    return `import ${typesOnly ? "type " : ""}{ ${listed.join(", ")} } from "${from}";`;
  };
  const imports = [
    importLine(
      used(["EmptyRequest", "OperationDescriptor", "RequestOptions", "UndefinedAllowed", "WithDefaults"]).map(
        (name) => `type ${name}`,
      ),
      "../transport/operation.js",
    ),
    importLine(
      [
        ...used(["NavigationDescriptor", "ServerTransport"]).map((name) => `type ${name}`),
        ...used(["navigationUrl", "withAccessToken"]),
      ],
      "../transport/server-transport.js",
    ),
    importLine(
      used(["operations"]).map((name) => `type ${name}`),
      "./schema.js",
    ),
    importLine(
      used(["ValidationSwitch"]).map((name) => `type ${name}`),
      `./${SCHEMA_DIR}/compile-out-switch.js`,
    ),
  ].filter(Boolean);
  return `${[GENERATED_HEADER, imports.join("\n"), code].join("\n\n")}\n`;
}

const SERVER_FETCHER: FetcherStyle = {
  transportType: "ServerTransport",
  body: (op, descriptor, response) =>
    op.bearer === "accessToken"
      ? `const { accessToken, ...rest } = request;\n  return transport.call<${response}>(${descriptor}, rest, withAccessToken(options, ${literal(op.operationId)}, accessToken));`
      : `return transport.call<${response}>(${descriptor}, request, options);`,
  throwsBeforeCall: (op) => op.bearer === "accessToken",
};

/** A navigation's query type, descriptor and URL builder (`<operationId>Url(authUrl, query)`). */
function navigationBlock(op: OperationModel): string {
  const names = operationNames(op.operationId);
  const query = `${names.type}Query`;
  const descriptor = `${op.operationId}Navigation`;
  const required = op.queryParams.filter((p) => p.required).map((p) => literal(p.name));
  const optional = !op.queryParams.some((p) => p.required);
  const queryType = op.queryParams.length
    ? `UndefinedAllowed<NonNullable<operations[${literal(op.operationId)}]["parameters"]["query"]>>`
    : "Record<never, never>";
  return [
    `/** Query of the \`${op.operationId}\` navigation; parameters the contract does not name are passed through. */\nexport type ${query} = ${queryType} & Readonly<Record<string, string | number | boolean | undefined>>;`,
    `/** @internal The navigation ${op.method} ${op.path}, behind its URL builder. */\nexport const ${descriptor}: NavigationDescriptor<${literal(op.operationId)}> = { operationId: ${literal(op.operationId)}, path: ${literal(op.path)}, required: [${required.join(", ")}] };`,
    `${docComment(`The URL of the browser navigation ${op.method} ${op.path} on the auth host: ${op.summary}`)}export function ${op.operationId}Url(authUrl: string, query: ${query}${optional ? " = {}" : ""}): string {\n  return navigationUrl(authUrl, ${descriptor}, query);\n}`,
  ].join("\n\n");
}
