import { type OperationModel, calledOperations, hasInput, inputIsOptional } from "./model.js";
import { GENERATED_HEADER, docComment, literal, operationNames } from "./naming.js";
import { SERVER_OPERATIONS_MODULE } from "./emit-server-operations.js";

/** The module `createBackendClient` (orgauth/server) builds on: `src/generated/backend-client.ts`. */
const BACKEND_CLIENT_MODULE = "backend-client.ts";

/** Its types only (the interface, each operation's request and answer), re-exported by orgauth/server. */
const BACKEND_TYPES_MODULE = "backend-types.ts";

/** The prefix of every backend operation id (one naming scheme, apart from the front end's). */
const BACKEND_ID_PREFIX = "backend";

/** The backend operations: the server calls whose id carries the backend prefix and whose errors map by status. */
function backendOperations(operations: OperationModel[]): OperationModel[] {
  return calledOperations(operations).filter((op) => op.surface === "server" && op.statusCodes !== undefined);
}

/** A backend operation's method name on the client: its id without the `backend` prefix (`backendFetchOrg` → `fetchOrg`). */
function backendMethodName(operationId: string): string {
  if (!operationId.startsWith(BACKEND_ID_PREFIX) || operationId.length === BACKEND_ID_PREFIX.length)
    throw new Error(`${operationId}: a backend operation's id starts with "${BACKEND_ID_PREFIX}"`);
  const rest = operationId.slice(BACKEND_ID_PREFIX.length);
  return rest.charAt(0).toLowerCase() + rest.slice(1);
}

/**
 * Emits `src/generated/backend-types.ts` (the `BackendOperations` interface, one method per backend operation, and
 * each operation's request and answer types) and `src/generated/backend-client.ts` (`backendOperations(transport)`,
 * each fetcher bound to a server transport; a single fetch whose 404 the contract marks `x-not-found: 'null'`
 * resolves `null`). Each method rejects with the operation's `ApiError`, its code one of those its statuses map to.
 */
export function emitBackendClient(operations: OperationModel[]): Record<string, string> {
  const backend = backendOperations(operations);
  const signatures = backend.map((op) => {
    const names = operationNames(op.operationId);
    const request = hasInput(op) ? `request${inputIsOptional(op) ? "?" : ""}: ${names.request}, ` : "";
    const result = op.notFoundIsNull ? `${names.response} | null` : names.response;
    const resolved = new Set(["unexpected_error", ...(op.notFoundIsNull ? ["not_found"] : [])]);
    const codes = [...op.errorCodes.filter((code) => !resolved.has(code)), "unexpected_error"];
    const text = `${op.summary}${op.notFoundIsNull ? " Resolves `null` when it is unknown (404)." : ""} Rejects with \`ApiError<${literal(op.operationId)}>\` (${codes.join(", ")}).`;
    return `${docComment(text, "  ")}  ${backendMethodName(op.operationId)}(${request}options?: RequestOptions): Promise<${result}>;`;
  });
  const methods = backend.map((op) => {
    const args = hasInput(op) ? "request, options" : "options";
    const passed = hasInput(op) ? "request, options" : "{}, options";
    const call = `${op.operationId}(transport, ${passed})`;
    return `    ${backendMethodName(op.operationId)}: (${args}) => ${op.notFoundIsNull ? `nullWhenNotFound(${call})` : call},`;
  });
  const types = backend.flatMap((op) => {
    const names = operationNames(op.operationId);
    return [...(hasInput(op) ? [names.request] : []), names.response];
  });
  const serverModule = `./${SERVER_OPERATIONS_MODULE.replace(/\.ts$/, ".js")}`;
  const typesModule = `./${BACKEND_TYPES_MODULE.replace(/\.ts$/, ".js")}`;
  const typesFile = `${[
    GENERATED_HEADER,
    [
      `import type { RequestOptions } from "../transport/operation.js";`,
      `import type { ${types.join(", ")} } from "${serverModule}";`,
    ].join("\n"),
    `export type { ${types.join(", ")} };`,
    `/** The provider's backend API, one method per operation of the contract's \`backend\` tag. */\nexport interface BackendOperations {\n${signatures.join("\n")}\n}`,
  ].join("\n\n")}\n`;
  const clientFile = `${[
    GENERATED_HEADER,
    [
      `import type { ServerTransport } from "../transport/server-transport.js";`,
      backend.some((op) => op.notFoundIsNull) ? `import { nullWhenNotFound } from "../transport/status-error.js";` : "",
      `import type { BackendOperations } from "${typesModule}";`,
      `import { ${backend.map((op) => op.operationId).join(", ")} } from "${serverModule}";`,
    ]
      .filter(Boolean)
      .join("\n"),
    `/** Binds every backend operation's fetcher to a server transport (the backend host, the integration API key). */\nexport function backendOperations(transport: ServerTransport): BackendOperations {\n  return {\n${methods.join("\n")}\n  };\n}`,
  ].join("\n\n")}\n`;
  return { [BACKEND_TYPES_MODULE]: typesFile, [BACKEND_CLIENT_MODULE]: clientFile };
}
