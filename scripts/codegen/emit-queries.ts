import { hasInput, inputIsOptional, type InvalidationModel, type OperationModel } from "./model.js";
import { GENERATED_HEADER, docComment, literal, pascalCase, propertyKey } from "./naming.js";

/**
 * Emits `src/generated/queries.ts`: the React Query layer over the typed fetchers, for every fe/v3 operation.
 *
 * Per query operation: a key factory (`xKeys`: `all`, `matching`, `query`, `infinite`), `xQueryOptions`,
 * `useX`, and for `x-pagination` lists `xInfiniteQueryOptions` + `useXInfinite`.
 * Per mutation: `xMutationOptions` (with `x-invalidates` and `x-session-effect` compiled into `onSuccess`) and `useX`.
 * Keys are `[root, operationId, pathParams, query]`; infinite keys append an `"infinite"` segment.
 */
export function emitQueries(operations: OperationModel[]): string {
  const frontend = operations.filter((op) => op.surface === "frontend");
  const byId = new Map(frontend.map((op) => [op.operationId, op]));
  const blocks = frontend.map((op) => (op.kind === "query" ? queryBlock(op) : mutationBlock(op, byId)));
  return `${[GENERATED_HEADER, IMPORTS, SHARED, ...blocks].join("\n\n")}\n`;
}

const IMPORTS = `import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  QueryClientContext,
  type DataTag,
  type InfiniteData,
  type QueryFunction,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  type UnusedSkipTokenInfiniteOptions,
  type UnusedSkipTokenOptions,
} from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { ApiError, RequestValidationError, ResponseValidationError } from "../transport/errors.js";
import * as api from "./operations.js";`;

const SHARED = `/** First segment of every query and mutation key of this module; \`allQueriesKey\` matches all of them. */
export const queryKeyRoot = "orgauth";

/** Prefix matching every cached result of every operation (\`invalidateQueries({ queryKey: allQueriesKey })\`). */
export const allQueriesKey = [queryKeyRoot] as const;

/** The key segment of an operation without path (or query) parameters. */
export type EmptyKeyPart = Readonly<Record<string, never>>;

/** The error a call of \`Op\` rejects with: its documented \`ApiError\`, or a contract violation either way. */
export type OperationError<Op extends api.OperationId> = ApiError<Op> | ResponseValidationError | RequestValidationError;

/** What the generated hooks and mutation options need from the session client; an \`AuthClient\` fits. */
export interface MutationSession {
  /** The fe/v3 transport the fetchers call. */
  readonly transport: api.OperationCaller;
  /** Re-runs the session refresh (\`x-session-effect: refresh\`). */
  refresh(): Promise<unknown>;
  /** Ends the local session (\`x-session-effect: logout\`). */
  logout(): Promise<unknown>;
}

/** The session the generated hooks call through; \`<AuthProvider>\` provides its client here. */
export const AuthSessionContext = createContext<MutationSession | null>(null);

/**
 * The provided session; throws \`"<hookName> must be used within an AuthProvider"\` outside one, and says how to
 * provide a QueryClient when there is none (instead of React Query's generic "No QueryClient set").
 */
function useSessionFor(hookName: string): MutationSession {
  const session = useContext(AuthSessionContext);
  if (!session) throw new Error(\`\${hookName} must be used within an AuthProvider\`);
  if (!useContext(QueryClientContext)) {
    throw new Error(\`\${hookName} needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider\`);
  }
  return session;
}

/** Options a generated query hook accepts: everything \`useQuery\` takes except the key and the fetcher. */
export type QueryHookOptions<Data, Failure, Selected, Key extends readonly unknown[]> = Omit<UseQueryOptions<Data, Failure, Selected, Key>, "queryKey" | "queryFn">;

/** What \`xQueryOptions\` returns: the query options, with a key that carries the data and error types (named, so declaration files need no unexported symbol of React Query). */
export type TypedQueryOptions<Data, Failure, Key extends readonly unknown[]> = UnusedSkipTokenOptions<Data, Failure, Data, Key> & { queryKey: Key };

/** What \`xInfiniteQueryOptions\` returns: the infinite-query options, with a typed key. */
export type TypedInfiniteQueryOptions<Data, Failure, Key extends readonly unknown[]> = UnusedSkipTokenInfiniteOptions<Data, Failure, InfiniteData<Data, number>, Key, number> & { queryKey: Key };

/** Options a generated infinite-query hook accepts: everything but the key, the fetcher and the paging. */
export type InfiniteQueryHookOptions<Data, Failure, Key extends readonly unknown[]> = Omit<
  UseInfiniteQueryOptions<Data, Failure, InfiniteData<Data, number>, Key, number>,
  "queryKey" | "queryFn" | "initialPageParam" | "getNextPageParam" | "select"
>;

/** Options a generated mutation hook accepts; an \`onSuccess\` given here runs after the generated one. */
export type MutationHookOptions<Data, Failure, Variables> = Omit<UseMutationOptions<Data, Failure, Variables>, "mutationKey" | "mutationFn">;

/** Refreshes the session; a failed refresh is already reported by the session engine and must not fail the mutation. */
async function refreshSession(session: MutationSession): Promise<void> {
  try {
    await session.refresh();
  } catch {
    // the engine keeps or drops the session itself and emits a refresh_failed event
  }
}

/** Ends the local session; when the logout call fails (the server session may be gone already) a refresh settles the state. */
async function endSession(session: MutationSession): Promise<void> {
  try {
    await session.logout();
  } catch {
    await refreshSession(session);
  }
}

/** Merges hook options into generated mutation options: the generated \`onSuccess\` runs (and is awaited) first. */
function withHookOptions<Data, Failure, Variables>(
  base: UseMutationOptions<Data, Failure, Variables>,
  options: MutationHookOptions<Data, Failure, Variables> | undefined,
): UseMutationOptions<Data, Failure, Variables> {
  if (!options) return base;
  const { onSuccess: theirs, ...rest } = options;
  const merged = { ...rest, ...base };
  const own = base.onSuccess;
  if (!theirs) return merged;
  if (!own) return { ...merged, onSuccess: theirs };
  return {
    ...merged,
    onSuccess: async (...args) => {
      await own(...args);
      return theirs(...args);
    },
  };
}`;

// ───────────────────────────── queries ─────────────────────────────

function queryBlock(op: OperationModel): string {
  if (op.requestBody) throw new Error(`${op.operationId}: a query operation with a request body is not supported`);
  const infinite = op.pagination ? [infiniteQueryFunction(op), infiniteOptionsFunction(op), infiniteHook(op)] : [];
  return [keyTypes(op), keyFactory(op), queryFunction(op), queryOptionsFunction(op), queryHook(op), ...infinite].join("\n\n");
}

interface Names {
  type: string;
  id: string;
  error: string;
  response: string;
  request: string;
  hasInput: boolean;
  /** True when `{}` is a valid request (no required path, query or body). */
  optionalInput: boolean;
}

function namesOf(op: OperationModel): Names {
  const type = pascalCase(op.operationId);
  const withInput = hasInput(op);
  return {
    type,
    id: literal(op.operationId),
    error: `${type}Error`,
    response: `api.${type}Response`,
    request: withInput ? `api.${type}Request` : "api.EmptyRequest",
    hasInput: withInput,
    optionalInput: inputIsOptional(op),
  };
}

/** The `request` parameter of an operation with input: defaults to `{}` when nothing in it is required. */
function requestParam(n: Names): string {
  return n.optionalInput ? `request: ${n.request} = {}` : `request: ${n.request}`;
}

function pathPartType(op: OperationModel, n: Names): string {
  return op.pathParams.length ? `${n.request}["path"]` : "EmptyKeyPart";
}

function queryPartType(op: OperationModel, n: Names): string {
  return op.queryParams.length ? `NonNullable<${n.request}["query"]>` : "EmptyKeyPart";
}

function infiniteRequestType(op: OperationModel, n: Names): string {
  const page = literal(op.pagination!.pageParam);
  const required = op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  const path = op.pathParams.length ? `Pick<${n.request}, "path"> & ` : "";
  return `${path}{ query${required ? "" : "?"}: Omit<NonNullable<${n.request}["query"]>, ${page}> }`;
}

/** \` = {}\` when the infinite request has nothing required (no path parameter, no required query besides the page). */
function infiniteDefault(op: OperationModel): string {
  const required = op.pathParams.length > 0 || op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  return required ? "" : " = {}";
}

function keyTypes(op: OperationModel): string {
  const n = namesOf(op);
  const prefix = `typeof queryKeyRoot, ${n.id}, ${pathPartType(op, n)}`;
  const lines = [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    `/** The key of one cached \`${op.operationId}\` result, tagged with its data and error types. */\nexport type ${n.type}QueryKey = DataTag<readonly [${prefix}, ${queryPartType(op, n)}], ${n.response}, ${n.error}>;`,
  ];
  if (op.pagination) {
    lines.push(
      `/** Arguments of the infinite \`${op.operationId}\` list: the request without the page number. */\nexport type ${n.type}InfiniteRequest = ${infiniteRequestType(op, n)};`,
      `/** The key of one cached infinite \`${op.operationId}\` list (its own \`"infinite"\` segment: never shared with a single page). */\nexport type ${n.type}InfiniteQueryKey = DataTag<readonly [${prefix}, Omit<${queryPartType(op, n)}, ${literal(op.pagination.pageParam)}>, "infinite"], InfiniteData<${n.response}, number>, ${n.error}>;`,
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
    `  /** The key of one result. */\n  query: (${n.hasInput ? requestParam(n) : ""}): ${n.type}QueryKey => [${head}, ${pathOf}, ${queryOf}] as unknown as ${n.type}QueryKey,`,
  ];
  if (op.pagination) {
    const infiniteParam = infiniteDefault(op);
    members.push(
      `  /** The key of one infinite list. */\n  infinite: (request: ${n.type}InfiniteRequest${infiniteParam}): ${n.type}InfiniteQueryKey =>\n    [${head}, ${pathOf}, ${queryOf}, "infinite"] as unknown as ${n.type}InfiniteQueryKey,`,
    );
  }
  return `/** Query keys of \`${op.operationId}\`: \`[root, ${n.id}, path, query]\`, with partial filters for prefix invalidation. */\nexport const ${op.operationId}Keys = {\n${members.join("\n")}\n};`;
}

/** A POST that only reads (`x-query`) mints fresh data per call (e.g. a new MFA secret): never refetch it on its own. */
function staleTimeOf(op: OperationModel): string {
  return op.method === "GET" ? "" : "\n    staleTime: Infinity,";
}

/** The module-private fetcher of a query: shared by its options and its hook (so the hook needs no optional `queryFn`). */
function queryFunction(op: OperationModel): string {
  const n = namesOf(op);
  const call = n.hasInput ? `api.${op.operationId}(transport, request, { signal })` : `api.${op.operationId}(transport, {}, { signal })`;
  const requestParam = n.hasInput ? `, request: ${n.request}` : "";
  return `/** Fetches \`${op.operationId}\` with the query's abort signal. */\nfunction ${op.operationId}QueryFn(transport: api.OperationCaller${requestParam}): QueryFunction<${n.response}, ${n.type}QueryKey> {\n  return ({ signal }) => ${call};\n}`;
}

function queryOptionsFunction(op: OperationModel): string {
  const n = namesOf(op);
  const keyArg = n.hasInput ? "request" : "";
  const params = n.hasInput ? `transport: api.OperationCaller, ${requestParam(n)}` : "transport: api.OperationCaller";
  return `${docComment(`Query options of \`${op.operationId}\` (${op.method} ${op.path}) for useQuery, prefetchQuery and a typed getQueryData.`)}export function ${op.operationId}QueryOptions(${params}): TypedQueryOptions<${n.response}, ${n.error}, ${n.type}QueryKey> {
  return queryOptions<${n.response}, ${n.error}, ${n.response}, ${n.type}QueryKey>({
    queryKey: ${op.operationId}Keys.query(${keyArg}),
    queryFn: ${op.operationId}QueryFn(transport${n.hasInput ? ", request" : ""}),${staleTimeOf(op)}
  });
}`;
}

function queryHook(op: OperationModel): string {
  const n = namesOf(op);
  const hook = `use${n.type}`;
  // without input the request stays as a placeholder, so every query hook is `useX(request, options)`
  const request = n.hasInput ? requestParam(n) : `_request?: ${n.request}`;
  const stale = op.method === "GET" ? "" : "staleTime: Infinity, ";
  return `${docComment(`${op.summary} — \`useQuery\` of \`${op.operationId}\` with the AuthProvider's transport.`)}export function ${hook}<Selected = ${n.response}>(
  ${request},
  options?: QueryHookOptions<${n.response}, ${n.error}, Selected, ${n.type}QueryKey>,
): UseQueryResult<Selected, ${n.error}> {
  const { transport } = useSessionFor(${literal(hook)});
  return useQuery<${n.response}, ${n.error}, Selected, ${n.type}QueryKey>({
    ${stale}...options,
    queryKey: ${op.operationId}Keys.query(${n.hasInput ? "request" : ""}),
    queryFn: ${op.operationId}QueryFn(transport${n.hasInput ? ", request" : ""}),
  });
}`;
}

/** The module-private page fetcher of an infinite list. */
function infiniteQueryFunction(op: OperationModel): string {
  const n = namesOf(op);
  const { pageParam } = op.pagination!;
  return `/** Fetches one page of \`${op.operationId}\` with the query's abort signal. */\nfunction ${op.operationId}PageFn(transport: api.OperationCaller, request: ${n.type}InfiniteRequest): QueryFunction<${n.response}, ${n.type}InfiniteQueryKey, number> {\n  return ({ pageParam, signal }) => api.${op.operationId}(transport, { ...request, query: { ...request.query, ${pageParam}: pageParam } }, { signal });\n}`;
}

/** Next page number: the last one plus one while the response says more results exist. */
function nextPageOf(op: OperationModel): string {
  return `(lastPage, _pages, lastPageParam) => (lastPage.${op.pagination!.hasMoreField} ? lastPageParam + 1 : undefined)`;
}

function infiniteOptionsFunction(op: OperationModel): string {
  const n = namesOf(op);
  const { hasMoreField } = op.pagination!;
  const infiniteParam = infiniteDefault(op);
  return `${docComment(`Infinite-query options of \`${op.operationId}\`: pages from 0 while \`${hasMoreField}\` is true.`)}export function ${op.operationId}InfiniteQueryOptions(transport: api.OperationCaller, request: ${n.type}InfiniteRequest${infiniteParam}): TypedInfiniteQueryOptions<${n.response}, ${n.error}, ${n.type}InfiniteQueryKey> {
  return infiniteQueryOptions<${n.response}, ${n.error}, InfiniteData<${n.response}, number>, ${n.type}InfiniteQueryKey, number>({
    queryKey: ${op.operationId}Keys.infinite(request),
    queryFn: ${op.operationId}PageFn(transport, request),
    initialPageParam: 0,
    getNextPageParam: ${nextPageOf(op)},
  });
}`;
}

function infiniteHook(op: OperationModel): string {
  const n = namesOf(op);
  const hook = `use${n.type}Infinite`;
  const infiniteParam = infiniteDefault(op);
  return `${docComment(`${op.summary} — \`useInfiniteQuery\` of \`${op.operationId}\`, one page per \`fetchNextPage()\`.`)}export function ${hook}(
  request: ${n.type}InfiniteRequest${infiniteParam},
  options?: InfiniteQueryHookOptions<${n.response}, ${n.error}, ${n.type}InfiniteQueryKey>,
): UseInfiniteQueryResult<InfiniteData<${n.response}, number>, ${n.error}> {
  const { transport } = useSessionFor(${literal(hook)});
  return useInfiniteQuery<${n.response}, ${n.error}, InfiniteData<${n.response}, number>, ${n.type}InfiniteQueryKey, number>({
    ...options,
    queryKey: ${op.operationId}Keys.infinite(request),
    queryFn: ${op.operationId}PageFn(transport, request),
    initialPageParam: 0,
    getNextPageParam: ${nextPageOf(op)},
  });
}`;
}

// ───────────────────────────── mutations ─────────────────────────────

function mutationBlock(op: OperationModel, byId: Map<string, OperationModel>): string {
  const n = namesOf(op);
  const variables = n.hasInput ? n.request : "void";
  return [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    mutationOptionsFunction(op, n, variables, byId),
    mutationHook(op, n, variables),
  ].join("\n\n");
}

function effectsDoc(op: OperationModel): string {
  const parts: string[] = [];
  if (op.invalidates.length) parts.push(`invalidates ${op.invalidates.map((i) => `\`${i.operationId}\``).join(", ")}`);
  if (op.sessionEffect === "refresh") parts.push("refreshes the session");
  if (op.sessionEffect === "refresh-if-finished") parts.push("refreshes the session when `login_state` is `Finished`");
  if (op.sessionEffect === "logout") parts.push("ends the session");
  return parts.length ? `; on success it ${parts.join(" and ")}` : "";
}

function mutationOptionsFunction(op: OperationModel, n: Names, variables: string, byId: Map<string, OperationModel>): string {
  const call = n.hasInput ? `api.${op.operationId}(session.transport, request)` : `api.${op.operationId}(session.transport)`;
  const effects = [...op.invalidates.map((target) => invalidation(op, target, byId)), ...sessionEffect(op)];
  const fnParam = n.hasInput ? "request" : "";
  const lines = [`    mutationKey: [queryKeyRoot, ${n.id}],`, `    mutationFn: (${fnParam}) => ${call},`];
  if (effects.length) lines.push(`    onSuccess: (${onSuccessParams(effects)}) =>${onSuccessBody(effects)},`);
  return `${docComment(`Mutation options of \`${op.operationId}\` (${op.method} ${op.path})${effectsDoc(op)}.`)}export function ${op.operationId}MutationOptions(session: MutationSession) {
  return mutationOptions<${n.response}, ${n.error}, ${variables}>({
${lines.join("\n")}
  });
}`;
}

/** `onSuccess`'s parameters up to the last one the effects read; earlier unread ones start with `_`. */
function onSuccessParams(effects: string[]): string {
  const names = ["data", "request", "onMutateResult", "context"];
  const read = names.map((name) => effects.some((effect) => new RegExp(`\\b${name}\\.`).test(effect)));
  return names
    .slice(0, read.lastIndexOf(true) + 1)
    .map((name, index) => (read[index] ? name : `_${name}`))
    .join(", ");
}

/** One effect is returned as is; several run together under `Promise.all`. */
function onSuccessBody(effects: string[]): string {
  if (effects.length === 1) return ` ${effects[0]}`;
  return `\n      Promise.all([\n${effects.map((e) => `        ${e},`).join("\n")}\n      ])`;
}

function invalidation(op: OperationModel, target: InvalidationModel, byId: Map<string, OperationModel>): string {
  const targetOp = byId.get(target.operationId);
  if (targetOp?.kind !== "query") {
    throw new Error(`${op.operationId}: x-invalidates names ${target.operationId}, which is not a fe/v3 query`);
  }
  const parts: string[] = [];
  if (Object.keys(target.path).length) parts.push(`path: ${objectOf(op, target.path)}`);
  if (Object.keys(target.query).length) parts.push(`query: ${objectOf(op, target.query)}`);
  const filter = parts.length ? `{ ${parts.join(", ")} }` : "";
  const key = filter ? `${target.operationId}Keys.matching(${filter})` : `${target.operationId}Keys.all`;
  return `context.client.invalidateQueries({ queryKey: ${key} })`;
}

function objectOf(op: OperationModel, values: Record<string, string>): string {
  const entries = Object.entries(values).map(([name, expression]) => `${propertyKey(name)}: ${resolveExpression(op, expression)}`);
  return `{ ${entries.join(", ")} }`;
}

/** `$request.body#/org_id` → `request.body["org_id"]`; `$request.path.orgId` → `request.path["orgId"]`; same for query. */
export function resolveExpression(op: OperationModel, expression: string): string {
  const body = /^\$request\.body#((?:\/[^/]+)+)$/.exec(expression);
  if (body) {
    if (!op.requestBody) throw new Error(`${op.operationId}: ${expression} but the operation has no request body`);
    const segments = body[1]!.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    return `request.body${segments.map(member).join("")}`;
  }
  const param = /^\$request\.(path|query)\.([A-Za-z0-9_-]+)$/.exec(expression);
  if (param) {
    const [, location, name] = param as unknown as [string, "path" | "query", string];
    const declared = (location === "path" ? op.pathParams : op.queryParams).some((p) => p.name === name);
    if (!declared) throw new Error(`${op.operationId}: ${expression} names an undeclared ${location} parameter`);
    return `request.${location}${location === "query" ? "?" : ""}${member(name)}`;
  }
  throw new Error(`${op.operationId}: unsupported runtime expression ${expression} (use $request.body#/…, $request.path.… or $request.query.…)`);
}

/** `.name` for an identifier, `["na-me"]` otherwise. */
function member(name: string): string {
  return propertyKey(name) === name ? `.${name}` : `[${literal(name)}]`;
}

function sessionEffect(op: OperationModel): string[] {
  switch (op.sessionEffect) {
    case "refresh":
      return ["refreshSession(session)"];
    case "refresh-if-finished":
      return [`data.login_state === "Finished" ? refreshSession(session) : undefined`];
    case "logout":
      return ["endSession(session)"];
    default:
      return [];
  }
}

function mutationHook(op: OperationModel, n: Names, variables: string): string {
  const hook = `use${n.type}`;
  return `${docComment(`${op.summary} — \`useMutation\` of \`${op.operationId}\` with the AuthProvider's session${effectsDoc(op)}.`)}export function ${hook}(
  options?: MutationHookOptions<${n.response}, ${n.error}, ${variables}>,
): UseMutationResult<${n.response}, ${n.error}, ${variables}> {
  const session = useSessionFor(${literal(hook)});
  return useMutation(withHookOptions(${op.operationId}MutationOptions(session), options));
}`;
}
