import { hasInput, inputIsOptional, type OperationModel } from "./model.js";
import { literal, operationNames, type OperationNames } from "./naming.js";

/** An operation's identifiers as the query-layer emitters write them (types through the `api` namespace). */
export interface QueryNames extends OperationNames {
  /** The operation id as a string literal. */
  id: string;
  hasInput: boolean;
  /** True when `{}` is a valid request (no required path, query or body). */
  optionalInput: boolean;
}

/** The query-layer names of one operation. */
export function queryNamesOf(op: OperationModel): QueryNames {
  const names = operationNames(op.operationId);
  const withInput = hasInput(op);
  return {
    ...names,
    id: literal(op.operationId),
    fetcher: `api.${names.fetcher}`,
    response: `api.${names.response}`,
    request: withInput ? `api.${names.request}` : "EmptyRequest",
    hasInput: withInput,
    optionalInput: inputIsOptional(op),
  };
}

/** The `request` parameter of an operation with input: defaults to `{}` when nothing in it is required. */
export function requestParam(n: QueryNames): string {
  return n.optionalInput ? `request: ${n.request} = {}` : `request: ${n.request}`;
}

/** \` = {}\` when the infinite request has nothing required (no path parameter, no required query besides the page). */
export function infiniteDefault(op: OperationModel): string {
  const required =
    op.pathParams.length > 0 || op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  return required ? "" : " = {}";
}

/** A POST that only reads (`x-query`) mints fresh data per call (e.g. a new MFA secret): never refetch it on its own. */
export function neverStale(op: OperationModel): boolean {
  return op.method !== "GET";
}

/** Next page number: the last one plus one while the response says more results exist. */
export function nextPageOf(op: OperationModel): string {
  return `(lastPage, _pages, lastPageParam) => (lastPage.${op.pagination!.hasMoreField} ? lastPageParam + 1 : undefined)`;
}

/** What a successful mutation does besides returning its data, for doc comments ("; on success it …"). */
export function effectsDoc(op: OperationModel): string {
  const parts: string[] = [];
  if (op.invalidates.length) parts.push(`invalidates ${op.invalidates.map((i) => `\`${i.operationId}\``).join(", ")}`);
  if (op.sessionEffect === "refresh") parts.push("refreshes the session");
  if (op.sessionEffect === "refresh-if-finished") parts.push("refreshes the session when `login_state` is `Finished`");
  if (op.sessionEffect === "logout") parts.push("ends the session");
  return parts.length ? `; on success it ${parts.join(" and ")}` : "";
}
