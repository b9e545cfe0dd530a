import type {
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
} from "openapi-typescript";
import { HTTP_METHODS, type HttpMethod } from "../../src/transport/operation.js";
import type { Contract, SchemaNode } from "./contract.js";
import { assertInvalidationTargets, buildInvalidations } from "./invalidation.js";
import type { OperationModel, ParameterModel, ResponseModel, SessionEffect } from "./model-types.js";
import { assertImplementedParameter } from "./parameter-style.js";

export type { OperationModel };

/** The operations called through a transport (every one but the browser navigations), in contract order. */
export function calledOperations(operations: OperationModel[]): OperationModel[] {
  return operations.filter((op) => op.kind !== "navigation");
}

/** The operations a browser calls (session and front-end): what operations.ts and the query layer emit. */
export function browserOperations(operations: OperationModel[]): OperationModel[] {
  return operations.filter((op) => op.surface !== "server");
}

/** True when the operation takes any path, query or body input. */
export function hasInput(op: OperationModel): boolean {
  return op.pathParams.length > 0 || op.queryParams.length > 0 || op.requestBody !== undefined;
}

/** True when a caller may leave the whole request out (no path parameter, no required query or body). */
export function inputIsOptional(op: OperationModel): boolean {
  return op.pathParams.length === 0 && !op.queryParams.some((p) => p.required) && op.requestBody?.required !== true;
}

/** Builds the operation list, in document order, from the contract. */
export function buildOperations(contract: Contract): OperationModel[] {
  const operations: OperationModel[] = [];
  const paths = (contract.document.paths ?? {}) as Record<string, PathItemObject | ReferenceObject>;
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = contract.resolve(rawItem) as PathItemObject;
    for (const method of HTTP_METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<HttpMethod>];
      if (operation)
        operations.push(buildOperation(contract, path, method, item, contract.resolve(operation) as OperationObject));
    }
  }
  assertUniqueIds(operations);
  assertInvalidationTargets(operations);
  return operations;
}

function buildOperation(
  contract: Contract,
  path: string,
  method: HttpMethod,
  item: PathItemObject,
  op: OperationObject,
): OperationModel {
  const operationId = op.operationId;
  if (!operationId) throw new Error(`${method} ${path} has no operationId`);
  const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
    (p) => contract.resolve(p) as ParameterObject,
  );
  for (const parameter of parameters) assertImplementedParameter(contract, operationId, parameter);
  const byLocation = (location: ParameterObject["in"]): ParameterModel[] =>
    parameters
      .filter((p) => p.in === location)
      .map((p) => ({ name: p.name, required: p.required === true, schema: (p.schema ?? {}) as SchemaNode }));
  const responses = Object.entries(op.responses ?? {}).map(([status, raw]) => buildResponse(contract, status, raw));
  const errorResponses = responses.filter((r) => r.status >= 400);
  const surface = op.tags?.includes("backend") ? "server" : surfaceOf(path);
  const navigation = responses.some((r) => r.status >= 300 && r.status < 400);
  if (navigation && (surface !== "server" || method !== "GET"))
    throw new Error(`${operationId}: only a server-surface GET may answer with a redirect (a browser navigation)`);
  const model: OperationModel = {
    operationId,
    method,
    path,
    summary: String(op.summary ?? operationId),
    surface,
    kind: navigation ? "navigation" : method === "GET" || op["x-query"] === true ? "query" : "mutation",
    pathParams: byLocation("path"),
    queryParams: byLocation("query"),
    fixedHeaders: fixedHeaders(parameters),
    successResponses: responses.filter((r) => r.status >= 200 && r.status < 300),
    errorResponses,
    errorCodes: [...new Set(errorResponses.flatMap((r) => r.errorCodes))],
    invalidates: [],
  };
  const statusCodes = statusCodesOf(operationId, errorResponses);
  if (statusCodes) model.statusCodes = statusCodes;
  if (op["x-not-found"] !== undefined) {
    if (op["x-not-found"] !== "null" || statusCodes?.[404] === undefined || method !== "GET")
      throw new Error(`${operationId}: x-not-found must be 'null', on a GET that documents a 404 with x-error-code`);
    model.notFoundIsNull = true;
  }
  const body = op.requestBody && (contract.resolve(op.requestBody) as RequestBodyObject);
  const bodySchema = (body?.content["application/json"] as { schema?: SchemaNode } | undefined)?.schema;
  if (body && bodySchema) model.requestBody = { required: body.required === true, schema: bodySchema };
  const bearer = bearerOf(operationId, op.security);
  if (bearer) model.bearer = bearer;
  if (surface === "server" && !navigation && !bearer)
    throw new Error(`${operationId}: a server call needs the integrationApiKey or accessToken security scheme`);
  if (op["x-session-effect"] !== undefined) model.sessionEffect = sessionEffectOf(operationId, op["x-session-effect"]);
  const pagination = op["x-pagination"] as { page: string; hasMore: string } | undefined;
  if (pagination) model.pagination = { pageParam: pagination.page, hasMoreField: pagination.hasMore };
  model.invalidates = buildInvalidations(model, op["x-invalidates"]);
  return model;
}

/** Which surface a path belongs to, by its prefix; an unknown prefix is an error (it would be emitted nowhere). */
function surfaceOf(path: string): OperationModel["surface"] {
  if (path.startsWith("/api/fe/")) return "frontend";
  if (path.startsWith("/api/v1/")) return "session";
  if (/^\/(propelauth|api\/backend)\//.test(path)) return "server";
  throw new Error(`${path}: unknown surface (expected /api/fe/, /api/v1/, /propelauth/ or /api/backend/)`);
}

/** The bearer security scheme an operation names: the integration API key or the user's access token. */
const BEARER_SCHEMES: Record<string, NonNullable<OperationModel["bearer"]>> = {
  integrationApiKey: "apiKey",
  accessToken: "accessToken",
};

function bearerOf(operationId: string, security: unknown): OperationModel["bearer"] {
  if (!Array.isArray(security)) return undefined;
  const names = security.flatMap((requirement: object) => Object.keys(requirement));
  const bearers = [...new Set(names.map((name) => BEARER_SCHEMES[name]).filter(Boolean))];
  if (bearers.length > 1) throw new Error(`${operationId}: more than one bearer scheme (${names.join(", ")})`);
  return bearers[0];
}

function buildResponse(contract: Contract, status: string, raw: ResponseObject | ReferenceObject): ResponseModel {
  const code = Number(status);
  if (!Number.isInteger(code)) throw new Error(`Unsupported response status "${status}" (use explicit codes)`);
  const response = contract.resolve(raw) as ResponseObject;
  const schema = response.content?.["application/json"]?.schema as SchemaNode | undefined;
  const statusCode = (response as { "x-error-code"?: unknown })["x-error-code"];
  const model: ResponseModel = {
    status: code,
    errorCodes:
      typeof statusCode === "string" ? [statusCode] : code >= 400 && schema ? documentedCodes(contract, schema) : [],
  };
  if (typeof statusCode === "string") model.statusCode = statusCode;
  if (schema) model.schema = schema;
  return model;
}

/**
 * The status → code map of an operation whose error responses name their code in `x-error-code` (its other error
 * responses, shared ones such as `InvalidApiKey`, must document exactly one `error_code`); undefined for the others.
 */
function statusCodesOf(operationId: string, errors: ResponseModel[]): Record<number, string> | undefined {
  if (!errors.some((r) => r.statusCode !== undefined)) return undefined;
  const codes: Record<number, string> = {};
  for (const response of errors) {
    const code = response.statusCode ?? (response.errorCodes.length === 1 ? response.errorCodes[0] : undefined);
    if (code === undefined)
      throw new Error(`${operationId}: its ${response.status} response needs x-error-code (one code per status)`);
    codes[response.status] = code;
  }
  return codes;
}

/** Reads the codes an error response documents: the `error_code` enum of its schema (directly or in `allOf`). */
function documentedCodes(contract: Contract, schema: SchemaNode): string[] {
  const node = contract.resolve(schema);
  const own = contract.resolve(node.properties?.error_code);
  if (own?.enum) return own.enum.map(String);
  for (const part of node.allOf ?? []) {
    const resolved = contract.resolve(part);
    if (resolved.properties?.error_code && !resolved.properties.error_code.$ref)
      return documentedCodes(contract, resolved);
  }
  return [];
}

function fixedHeaders(parameters: ParameterObject[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const p of parameters.filter((p) => p.in === "header")) {
    const schema = p.schema as SchemaNode | undefined;
    const fixed = schema?.const ?? (schema?.enum?.length === 1 ? schema.enum[0] : undefined);
    if (fixed === undefined) throw new Error(`Header parameter ${p.name} must have a single fixed value`);
    headers[p.name] = String(fixed);
  }
  return headers;
}

const SESSION_EFFECTS: readonly unknown[] = ["refresh", "refresh-if-finished", "logout"] satisfies SessionEffect[];

/** Checks an `x-session-effect` value: an unknown one would otherwise be emitted as no effect at all. */
function sessionEffectOf(operationId: string, raw: unknown): SessionEffect {
  if (!SESSION_EFFECTS.includes(raw)) {
    throw new Error(
      `${operationId}: unknown x-session-effect ${JSON.stringify(raw)} (allowed: ${SESSION_EFFECTS.join(", ")})`,
    );
  }
  return raw as SessionEffect;
}

function assertUniqueIds(operations: OperationModel[]): void {
  const seen = new Set<string>();
  for (const { operationId } of operations) {
    if (seen.has(operationId)) throw new Error(`Duplicate operationId ${operationId}`);
    seen.add(operationId);
  }
}
