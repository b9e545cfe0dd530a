/** A query operation's fetcher, `xQueryOptions` and `useX`. */
import type { OperationModel } from "../model.js";
import { docComment, literal } from "../naming.js";
import { namesOf, requestParam } from "./names.js";

/** A POST that only reads (`x-query`) mints fresh data per call (e.g. a new MFA secret): never refetch it on its own. */
function neverStale(op: OperationModel): boolean {
  return op.method !== "GET";
}

/** The module-private fetcher of a query: shared by its options and its hook (so the hook needs no optional `queryFn`). */
export function queryFunction(op: OperationModel): string {
  const n = namesOf(op);
  const call = n.hasInput ? `${n.fetcher}(transport, request, { signal })` : `${n.fetcher}(transport, {}, { signal })`;
  const requestParam = n.hasInput ? `, request: ${n.request}` : "";
  return `/** Fetches \`${op.operationId}\` with the query's abort signal. */\nfunction ${n.queryFn}(transport: OperationCaller${requestParam}): QueryFunction<${n.response}, ${n.queryKey}> {\n  return ({ signal }) => ${call};\n}`;
}

export function queryOptionsFunction(op: OperationModel): string {
  const n = namesOf(op);
  const keyArg = n.hasInput ? "request" : "";
  const params = n.hasInput ? `transport: OperationCaller, ${requestParam(n)}` : "transport: OperationCaller";
  return `${docComment(`Query options of \`${op.operationId}\` (${op.method} ${op.path}) for useQuery, prefetchQuery and a typed getQueryData.`)}export function ${n.queryOptions}(${params}): TypedQueryOptions<${n.response}, ${n.error}, ${n.queryKey}> {
  return queryOptions<${n.response}, ${n.error}, ${n.response}, ${n.queryKey}>({
    queryKey: ${n.keys}.query(${keyArg}),
    queryFn: ${n.queryFn}(transport${n.hasInput ? ", request" : ""}),${neverStale(op) ? "\n    staleTime: Infinity," : ""}
  });
}`;
}

export function queryHook(op: OperationModel): string {
  const n = namesOf(op);
  const hook = n.hook;
  // without input the request stays as a placeholder, so every query hook is `useX(request, options)`
  const request = n.hasInput ? requestParam(n) : `_request?: ${n.request}`;
  // the hook's options come after the rule, so a caller may still set its own staleTime
  const stale = neverStale(op) ? "staleTime: Infinity, " : "";
  return `${docComment(`${op.summary} — \`useQuery\` of \`${op.operationId}\` with the AuthProvider's transport.`)}export function ${hook}<Selected = ${n.response}>(
  ${request},
  options?: QueryHookOptions<${n.response}, ${n.error}, Selected, ${n.queryKey}>,
): UseQueryResult<Selected, ${n.error}> {
  const { transport } = useSessionFor(${literal(hook)});
  return useQuery<${n.response}, ${n.error}, Selected, ${n.queryKey}>({
    ${stale}...options,
    queryKey: ${n.keys}.query(${n.hasInput ? "request" : ""}),
    queryFn: ${n.queryFn}(transport${n.hasInput ? ", request" : ""}),
  });
}`;
}
