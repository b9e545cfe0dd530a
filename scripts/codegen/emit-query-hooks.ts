import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, docComment, literal, operationNames } from "./naming.js";
import {
  effectsDoc,
  infiniteDefault,
  nextPageOf,
  neverStale,
  queryNamesOf,
  requestParam,
  type QueryNames,
} from "./query-names.js";

/**
 * Emits `src/generated/query-hooks.ts`: the React hooks over the query layer, for every fe/v3 operation — `useX`
 * (`useQuery` or `useMutation` with the AuthProvider's session and QueryClient) and `useXInfinite` for `x-pagination` lists. They
 * read React context, so they are client code; the keys and options they use are in `queries.ts`.
 */
export function emitQueryHooks(operations: OperationModel[]): string {
  const frontend = operations.filter((op) => op.surface === "frontend");
  const blocks = frontend.flatMap((op) => {
    if (op.kind === "mutation") return [mutationHook(op)];
    return op.pagination ? [queryHook(op), infiniteHook(op)] : [queryHook(op)];
  });
  return `${[GENERATED_HEADER, imports(frontend), ...blocks].join("\n\n")}\n`;
}

function imports(frontend: OperationModel[]): string {
  const fromQueries: string[] = [];
  const functions: string[] = [];
  for (const op of frontend) {
    const n = operationNames(op.operationId);
    if (op.kind === "mutation") {
      fromQueries.push(n.mutationOptions, `type ${n.error}`);
      continue;
    }
    fromQueries.push(n.keys, `type ${n.error}`, `type ${n.queryKey}`);
    functions.push(n.queryFn);
    if (op.pagination) {
      fromQueries.push(`type ${n.infiniteRequest}`, `type ${n.infiniteQueryKey}`);
      functions.push(n.pageFn);
    }
  }
  return `import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
} from "@tanstack/react-query";
import {
  withHookOptions,
  type InfiniteQueryHookOptions,
  type MutationHookOptions,
  type QueryHookOptions,
} from "../hooks/hook-options.js";
import { transportOf } from "../hooks/mutation-session.js";
import { useSessionFor } from "../hooks/use-session-for.js";
import type { EmptyRequest } from "../transport/operation.js";
import type * as api from "./operations.js";
import { ${fromQueries.join(", ")} } from "./queries.js";
import { ${functions.join(", ")} } from "./query-functions.js";`;
}

function queryHook(op: OperationModel): string {
  const n = queryNamesOf(op);
  const hook = n.hook;
  // without input the request stays as a placeholder, so every query hook is `useX(request, options)`
  const request = n.hasInput ? requestParam(n) : `_request?: ${n.request}`;
  // the hook's options come after the rule, so a caller may still set its own staleTime
  const stale = neverStale(op) ? "staleTime: Infinity, " : "";
  return `${docComment(`${op.summary} — \`useQuery\` of \`${op.operationId}\` with the AuthProvider's transport.`)}export function ${hook}<Selected = ${n.response}>(
  ${request},
  options?: QueryHookOptions<${n.response}, ${n.error}, Selected, ${n.queryKey}>,
): UseQueryResult<Selected, ${n.error}> {
  const [session, queryClient] = useSessionFor(${literal(hook)});
  return useQuery<${n.response}, ${n.error}, Selected, ${n.queryKey}>(
    {
      ${stale}...options,
      queryKey: ${n.keys}.query(${n.hasInput ? "request" : ""}),
      queryFn: ${n.queryFn}(transportOf(session)${n.hasInput ? ", request" : ""}),
    },
    queryClient,
  );
}`;
}

function infiniteHook(op: OperationModel): string {
  const n = queryNamesOf(op);
  const hook = n.infiniteHook;
  const infiniteParam = infiniteDefault(op);
  return `${docComment(`${op.summary} — \`useInfiniteQuery\` of \`${op.operationId}\`, one page per \`fetchNextPage()\`.`)}export function ${hook}(
  request: ${n.infiniteRequest}${infiniteParam},
  options?: InfiniteQueryHookOptions<${n.response}, ${n.error}, ${n.infiniteQueryKey}>,
): UseInfiniteQueryResult<InfiniteData<${n.response}, number>, ${n.error}> {
  const [session, queryClient] = useSessionFor(${literal(hook)});
  return useInfiniteQuery<${n.response}, ${n.error}, InfiniteData<${n.response}, number>, ${n.infiniteQueryKey}, number>(
    {
      ...options,
      queryKey: ${n.keys}.infinite(request),
      queryFn: ${n.pageFn}(transportOf(session), request),
      initialPageParam: 0,
      getNextPageParam: ${nextPageOf(op)},
    },
    queryClient,
  );
}`;
}

function mutationHook(op: OperationModel): string {
  const n: QueryNames = queryNamesOf(op);
  const hook = n.hook;
  const variables = n.hasInput ? n.request : "void";
  return `${docComment(`${op.summary} — \`useMutation\` of \`${op.operationId}\` with the AuthProvider's session${effectsDoc(op)}.`)}export function ${hook}(
  options?: MutationHookOptions<${n.response}, ${n.error}, ${variables}>,
): UseMutationResult<${n.response}, ${n.error}, ${variables}> {
  const [session, queryClient] = useSessionFor(${literal(hook)});
  return useMutation(withHookOptions(${n.mutationOptions}(session), options), queryClient);
}`;
}
