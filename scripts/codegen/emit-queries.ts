import type { InvalidationModel, RequestValue } from "./model-types.js";
import type { OperationModel } from "./model.js";
import { GENERATED_HEADER, docComment, literal, operationNames, propertyKey } from "./naming.js";
import {
  effectsDoc,
  infiniteDefault,
  nextPageOf,
  neverStale,
  queryNamesOf as namesOf,
  requestParam,
  type QueryNames as Names,
} from "./query-names.js";

/**
 * Emits `src/generated/queries.ts`: the server-safe half of the React Query layer over the typed fetchers, for every
 * fe/v3 operation. It holds no hook and reads no React context, so it runs in a server component too (prefetching,
 * keys for a cache of your own); the hooks are in `query-hooks.ts`.
 *
 * Per query operation: a key factory (`xKeys`: `all`, `matching`, `query`, `infinite`), `xQueryOptions`, and for
 * `x-pagination` lists `xInfiniteQueryOptions`. Per mutation: `xMutationOptions` (with `x-invalidates` and
 * `x-session-effect` compiled into `onSuccess`). Keys are `[root, operationId, pathParams, query]`; infinite keys
 * append an `"infinite"` segment.
 */
export function emitQueries(operations: OperationModel[]): string {
  const frontend = operations.filter((op) => op.surface === "frontend");
  const blocks = frontend.map((op) => (op.kind === "query" ? queryBlock(op) : mutationBlock(op)));
  return `${[GENERATED_HEADER, imports(frontend), ...blocks].join("\n\n")}\n`;
}

function imports(frontend: OperationModel[]): string {
  const functions = frontend
    .filter((op) => op.kind === "query")
    .flatMap((op) => {
      const n = operationNames(op.operationId);
      return op.pagination ? [n.queryFn, n.pageFn] : [n.queryFn];
    });
  const infiniteRequests = frontend
    .filter((op) => op.pagination)
    .map((op) => operationNames(op.operationId).infiniteRequest);
  return `import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  type DataTag,
  type InfiniteData,
} from "@tanstack/react-query";
import type { TypedInfiniteQueryOptions, TypedQueryOptions } from "../hooks/hook-options.js";
import { endSession, refreshSession, transportOf, type MutationSession } from "../hooks/mutation-session.js";
import { queryKeyRoot, type EmptyKeyPart } from "../hooks/query-keys.js";
import type { OperationCaller } from "../transport/operation.js";
import type { OperationError } from "../transport/errors.js";
import * as api from "./operations.js";
import { ${functions.join(", ")} } from "./query-functions.js";
import type { ${infiniteRequests.join(", ")} } from "./query-functions.js";

export type { ${infiniteRequests.join(", ")} };`;
}

// ───────────────────────────── queries ─────────────────────────────

function queryBlock(op: OperationModel): string {
  if (op.requestBody) throw new Error(`${op.operationId}: a query operation with a request body is not supported`);
  const infinite = op.pagination ? [infiniteOptionsFunction(op)] : [];
  return [keyTypes(op), keyFactory(op), queryOptionsFunction(op), ...infinite].join("\n\n");
}

function pathPartType(op: OperationModel, n: Names): string {
  return op.pathParams.length ? `${n.request}["path"]` : "EmptyKeyPart";
}

function queryPartType(op: OperationModel, n: Names): string {
  return op.queryParams.length ? `NonNullable<${n.request}["query"]>` : "EmptyKeyPart";
}

function keyTypes(op: OperationModel): string {
  const n = namesOf(op);
  const prefix = `typeof queryKeyRoot, ${n.id}, ${pathPartType(op, n)}`;
  const lines = [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    `/** The key of one cached \`${op.operationId}\` result, tagged with its data and error types. */\nexport type ${n.queryKey} = DataTag<readonly [${prefix}, ${queryPartType(op, n)}], ${n.response}, ${n.error}>;`,
  ];
  if (op.pagination) {
    lines.push(
      `/** The key of one cached infinite \`${op.operationId}\` list (its own \`"infinite"\` segment: never shared with a single page). */\nexport type ${n.infiniteQueryKey} = DataTag<readonly [${prefix}, Omit<${queryPartType(op, n)}, ${literal(op.pagination.pageParam)}>, "infinite"], InfiniteData<${n.response}, number>, ${n.error}>;`,
    );
  }
  return lines.join("\n\n");
}

function keyFactory(op: OperationModel): string {
  const n = namesOf(op);
  const head = `queryKeyRoot, ${n.id}`;
  const pathOf = op.pathParams.length ? "request.path" : "{}";
  const queryOf = op.queryParams.length ? "request.query ?? {}" : "{}";
  const members = [
    `  /** Prefix of every cached \`${op.operationId}\` result, single and infinite. */\n  all: [${head}] as const,`,
    `  /** Prefix of the results whose path (and query) parameters contain the given values. */\n  matching: (filter: { path?: Partial<${pathPartType(op, n)}>; query?: Partial<${queryPartType(op, n)}> } = {}) =>\n    filter.query ? ([${head}, filter.path ?? {}, filter.query] as const) : ([${head}, filter.path ?? {}] as const),`,
    `  /** The key of one result. */\n  query: (${n.hasInput ? requestParam(n) : ""}): ${n.queryKey} => [${head}, ${pathOf}, ${queryOf}] as unknown as ${n.queryKey},`,
  ];
  if (op.pagination) {
    const infiniteParam = infiniteDefault(op);
    members.push(
      `  /** The key of one infinite list. */\n  infinite: (request: ${n.infiniteRequest}${infiniteParam}): ${n.infiniteQueryKey} =>\n    [${head}, ${pathOf}, ${queryOf}, "infinite"] as unknown as ${n.infiniteQueryKey},`,
    );
  }
  return `/** Query keys of \`${op.operationId}\`: \`[root, ${n.id}, path, query]\`, with partial filters for prefix invalidation. */\nexport const ${n.keys} = {\n${members.join("\n")}\n};`;
}

function queryOptionsFunction(op: OperationModel): string {
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

function infiniteOptionsFunction(op: OperationModel): string {
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

// ───────────────────────────── mutations ─────────────────────────────

function mutationBlock(op: OperationModel): string {
  const n = namesOf(op);
  const variables = n.hasInput ? n.request : "void";
  return [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    mutationOptionsFunction(op, n, variables),
  ].join("\n\n");
}

function mutationOptionsFunction(op: OperationModel, n: Names, variables: string): string {
  const call = n.hasInput ? `${n.fetcher}(transportOf(session), request)` : `${n.fetcher}(transportOf(session))`;
  const effects = [...op.invalidates.map(invalidation), ...sessionEffect(op)];
  const fnParam = n.hasInput ? "request" : "";
  const lines = [`    mutationKey: [queryKeyRoot, ${n.id}],`, `    mutationFn: (${fnParam}) => ${call},`];
  if (effects.length) lines.push(`    onSuccess: (${onSuccessParams(effects)}) =>${onSuccessBody(effects)},`);
  return `${docComment(`Mutation options of \`${op.operationId}\` (${op.method} ${op.path})${effectsDoc(op)}.`)}export function ${n.mutationOptions}(session: MutationSession) {
  return mutationOptions<${n.response}, ${n.error}, ${variables}>({
${lines.join("\n")}
  });
}`;
}

/** The parameters of a mutation's `onSuccess`, in React Query's order. */
const ON_SUCCESS_PARAMS = ["data", "request", "onMutateResult", "context"] as const;

/** One thing a successful mutation does: the expression that does it and the `onSuccess` parameters it reads. */
interface Effect {
  code: string;
  reads: ReadonlyArray<(typeof ON_SUCCESS_PARAMS)[number]>;
}

/** `onSuccess`'s parameters up to the last one the effects read; earlier unread ones start with `_`. */
function onSuccessParams(effects: Effect[]): string {
  const read = ON_SUCCESS_PARAMS.map((name) => effects.some((effect) => effect.reads.includes(name)));
  return ON_SUCCESS_PARAMS.slice(0, read.lastIndexOf(true) + 1)
    .map((name, index) => (read[index] ? name : `_${name}`))
    .join(", ");
}

/** One effect is returned as is; several run together under `Promise.all`. */
function onSuccessBody(effects: Effect[]): string {
  if (effects.length === 1) return ` ${effects[0]!.code}`;
  return `\n      Promise.all([\n${effects.map((e) => `        ${e.code},`).join("\n")}\n      ])`;
}

/** Invalidates the target's cached results; a filter narrows them to the values this request carried. */
function invalidation(target: InvalidationModel): Effect {
  const keys = operationNames(target.operationId).keys;
  const parts: string[] = [];
  if (Object.keys(target.path).length) parts.push(`path: ${objectOf(target.path)}`);
  if (Object.keys(target.query).length) parts.push(`query: ${objectOf(target.query)}`);
  const key = parts.length ? `${keys}.matching({ ${parts.join(", ")} })` : `${keys}.all`;
  return {
    code: `context.client.invalidateQueries({ queryKey: ${key} })`,
    reads: parts.length ? ["request", "context"] : ["context"],
  };
}

function objectOf(values: Record<string, RequestValue>): string {
  const entries = Object.entries(values).map(([name, value]) => `${propertyKey(name)}: ${requestValueCode(value)}`);
  return `{ ${entries.join(", ")} }`;
}

/** The body's `org_id` → `request.body.org_id`; the path's `orgId` → `request.path.orgId`; query values may be absent. */
function requestValueCode(value: RequestValue): string {
  if (value.location === "body") return `request.body${value.pointer.map(member).join("")}`;
  return `request.${value.location}${value.location === "query" ? "?" : ""}${member(value.name)}`;
}

/** `.name` for an identifier, `["na-me"]` otherwise. */
function member(name: string): string {
  return propertyKey(name) === name ? `.${name}` : `[${literal(name)}]`;
}

function sessionEffect(op: OperationModel): Effect[] {
  switch (op.sessionEffect) {
    case "refresh":
      return [{ code: "refreshSession(session)", reads: [] }];
    case "refresh-if-finished":
      return [{ code: `data.login_state === "Finished" ? refreshSession(session) : undefined`, reads: ["data"] }];
    case "logout":
      return [{ code: "endSession(session)", reads: [] }];
    default:
      return [];
  }
}
