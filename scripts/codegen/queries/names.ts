/** An operation's identifiers and request types as the generated query layer writes them. */
import { hasInput, inputIsOptional, type OperationModel } from "../model.js";
import { literal, operationNames, type OperationNames } from "../naming.js";

/** An operation's identifiers as the query layer writes them (types through the `api` namespace). */
export interface Names extends OperationNames {
  /** The operation id as a string literal. */
  id: string;
  hasInput: boolean;
  /** True when `{}` is a valid request (no required path, query or body). */
  optionalInput: boolean;
}

export function namesOf(op: OperationModel): Names {
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
export function requestParam(n: Names): string {
  return n.optionalInput ? `request: ${n.request} = {}` : `request: ${n.request}`;
}

export function pathPartType(op: OperationModel, n: Names): string {
  return op.pathParams.length ? `${n.request}["path"]` : "EmptyKeyPart";
}

export function queryPartType(op: OperationModel, n: Names): string {
  return op.queryParams.length ? `NonNullable<${n.request}["query"]>` : "EmptyKeyPart";
}

export function infiniteRequestType(op: OperationModel, n: Names): string {
  const page = literal(op.pagination!.pageParam);
  const required = op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  const path = op.pathParams.length ? `Pick<${n.request}, "path"> & ` : "";
  return `${path}{ query${required ? "" : "?"}: Omit<NonNullable<${n.request}["query"]>, ${page}> }`;
}

/** \` = {}\` when the infinite request has nothing required (no path parameter, no required query besides the page). */
export function infiniteDefault(op: OperationModel): string {
  const required =
    op.pathParams.length > 0 || op.queryParams.some((p) => p.required && p.name !== op.pagination!.pageParam);
  return required ? "" : " = {}";
}
