import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, literal } from "./naming.js";
import { queryNamesOf } from "./query-names.js";

/**
 * Emits `src/generated/query-functions.ts`: the fetch function of every fe/v3 query (and the page fetcher of every
 * `x-pagination` list), shared by the query options (`queries.ts`) and the hooks (`query-hooks.ts`). Internal:
 * no entry re-exports it.
 */
export function emitQueryFunctions(operations: OperationModel[]): string {
  const queries = operations.filter((op) => op.surface === "frontend" && op.kind === "query");
  const blocks = queries.flatMap((op) => (op.pagination ? [queryFunction(op), pageFunction(op)] : [queryFunction(op)]));
  return `${[GENERATED_HEADER, imports(), ...blocks].join("\n\n")}\n`;
}

function imports(): string {
  return `import type { QueryFunction, QueryKey } from "@tanstack/react-query";
import type { OperationCaller } from "../transport/operation.js";
import * as api from "./operations.js";`;
}

/** The request of an infinite list: the operation's request without the page number (queries.ts re-exports it). */
function infiniteRequestType(op: OperationModel, n: ReturnType<typeof queryNamesOf>): string {
  const page = literal(op.pagination!.pageParam);
  const required = op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  const path = op.pathParams.length ? `Pick<${n.request}, "path"> & ` : "";
  return `${path}{ query${required ? "" : "?"}: Omit<NonNullable<${n.request}["query"]>, ${page}> }`;
}

function queryFunction(op: OperationModel): string {
  const n = queryNamesOf(op);
  const call = n.hasInput ? `${n.fetcher}(transport, request, { signal })` : `${n.fetcher}(transport, {}, { signal })`;
  const requestParam = n.hasInput ? `, request: ${n.request}` : "";
  return `/** Fetches \`${op.operationId}\` with the query's abort signal. */\nexport function ${n.queryFn}(transport: OperationCaller${requestParam}): QueryFunction<${n.response}, QueryKey> {\n  return ({ signal }) => ${call};\n}`;
}

function pageFunction(op: OperationModel): string {
  const n = queryNamesOf(op);
  const { pageParam } = op.pagination!;
  return `/** Arguments of the infinite \`${op.operationId}\` list: the request without the page number. */\nexport type ${n.infiniteRequest} = ${infiniteRequestType(op, n)};\n\n/** Fetches one page of \`${op.operationId}\` with the query's abort signal. */\nexport function ${n.pageFn}(transport: OperationCaller, request: ${n.infiniteRequest}): QueryFunction<${n.response}, QueryKey, number> {\n  return ({ pageParam, signal }) => ${n.fetcher}(transport, { ...request, query: { ...request.query, ${pageParam}: pageParam } }, { signal });\n}`;
}
