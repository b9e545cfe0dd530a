/** A paginated list's page fetcher, `xInfiniteQueryOptions` and `useXInfinite` (`x-pagination`). */
import type { OperationModel } from "../model.js";
import { docComment, literal } from "../naming.js";
import { infiniteDefault, namesOf } from "./names.js";

/** The module-private page fetcher of an infinite list. */
export function infiniteQueryFunction(op: OperationModel): string {
  const n = namesOf(op);
  const { pageParam } = op.pagination!;
  return `/** Fetches one page of \`${op.operationId}\` with the query's abort signal. */\nfunction ${n.pageFn}(transport: OperationCaller, request: ${n.infiniteRequest}): QueryFunction<${n.response}, ${n.infiniteQueryKey}, number> {\n  return ({ pageParam, signal }) => ${n.fetcher}(transport, { ...request, query: { ...request.query, ${pageParam}: pageParam } }, { signal });\n}`;
}

/** Next page number: the last one plus one while the response says more results exist. */
function nextPageOf(op: OperationModel): string {
  return `(lastPage, _pages, lastPageParam) => (lastPage.${op.pagination!.hasMoreField} ? lastPageParam + 1 : undefined)`;
}

export function infiniteOptionsFunction(op: OperationModel): string {
  const n = namesOf(op);
  const { hasMoreField } = op.pagination!;
  const infiniteParam = infiniteDefault(op);
  return `${docComment(`Infinite-query options of \`${op.operationId}\`: pages from 0 while \`${hasMoreField}\` is true.`)}export function ${n.infiniteQueryOptions}(transport: OperationCaller, request: ${n.infiniteRequest}${infiniteParam}): TypedInfiniteQueryOptions<${n.response}, ${n.error}, ${n.infiniteQueryKey}> {
  return infiniteQueryOptions<${n.response}, ${n.error}, InfiniteData<${n.response}, number>, ${n.infiniteQueryKey}, number>({
    queryKey: ${n.keys}.infinite(request),
    queryFn: ${n.pageFn}(transport, request),
    initialPageParam: 0,
    getNextPageParam: ${nextPageOf(op)},
  });
}`;
}

export function infiniteHook(op: OperationModel): string {
  const n = namesOf(op);
  const hook = n.infiniteHook;
  const infiniteParam = infiniteDefault(op);
  return `${docComment(`${op.summary} — \`useInfiniteQuery\` of \`${op.operationId}\`, one page per \`fetchNextPage()\`.`)}export function ${hook}(
  request: ${n.infiniteRequest}${infiniteParam},
  options?: InfiniteQueryHookOptions<${n.response}, ${n.error}, ${n.infiniteQueryKey}>,
): UseInfiniteQueryResult<InfiniteData<${n.response}, number>, ${n.error}> {
  const { transport } = useSessionFor(${literal(hook)});
  return useInfiniteQuery<${n.response}, ${n.error}, InfiniteData<${n.response}, number>, ${n.infiniteQueryKey}, number>({
    ...options,
    queryKey: ${n.keys}.infinite(request),
    queryFn: ${n.pageFn}(transport, request),
    initialPageParam: 0,
    getNextPageParam: ${nextPageOf(op)},
  });
}`;
}
