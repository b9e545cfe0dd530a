import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, operationNames } from "./naming.js";
import { queryNamesOf } from "./query-names.js";

/**
 * Emits `src/generated/query-functions.ts`: the fetch function of every fe/v3 query (and the page fetcher of every
 * `x-pagination` list), shared by the query options (`queries.ts`) and the hooks (`query-hooks.ts`). Internal:
 * no entry re-exports it.
 */
export function emitQueryFunctions(operations: OperationModel[]): string {
  const queries = operations.filter((op) => op.surface === "frontend" && op.kind === "query");
  const blocks = queries.flatMap((op) => (op.pagination ? [queryFunction(op), pageFunction(op)] : [queryFunction(op)]));
  return `${[GENERATED_HEADER, imports(queries), ...blocks].join("\n\n")}\n`;
}

function imports(queries: OperationModel[]): string {
  const types = queries.flatMap((op) => {
    const n = operationNames(op.operationId);
    return op.pagination ? [n.queryKey, n.infiniteRequest, n.infiniteQueryKey] : [n.queryKey];
  });
  return `import type { QueryFunction } from "@tanstack/react-query";
import type { OperationCaller } from "../transport/operation.js";
import * as api from "./operations.js";
import type { ${types.join(", ")} } from "./queries.js";`;
}

function queryFunction(op: OperationModel): string {
  const n = queryNamesOf(op);
  const call = n.hasInput ? `${n.fetcher}(transport, request, { signal })` : `${n.fetcher}(transport, {}, { signal })`;
  const requestParam = n.hasInput ? `, request: ${n.request}` : "";
  return `/** Fetches \`${op.operationId}\` with the query's abort signal. */\nexport function ${n.queryFn}(transport: OperationCaller${requestParam}): QueryFunction<${n.response}, ${n.queryKey}> {\n  return ({ signal }) => ${call};\n}`;
}

function pageFunction(op: OperationModel): string {
  const n = queryNamesOf(op);
  const { pageParam } = op.pagination!;
  return `/** Fetches one page of \`${op.operationId}\` with the query's abort signal. */\nexport function ${n.pageFn}(transport: OperationCaller, request: ${n.infiniteRequest}): QueryFunction<${n.response}, ${n.infiniteQueryKey}, number> {\n  return ({ pageParam, signal }) => ${n.fetcher}(transport, { ...request, query: { ...request.query, ${pageParam}: pageParam } }, { signal });\n}`;
}
