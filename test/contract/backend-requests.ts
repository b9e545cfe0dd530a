/**
 * The backend area's operations, read from the contract, each with one valid request built from the contract alone:
 * the body is the request body's first named example, each parameter its `example`, else its schema's first enum value, else the
 * value the backend examples give the same name (`orgId` ← `org_id`), else its schema's default or minimum. No list of
 * operations or requests is kept here, so an operation added to the backend area (`openapi/areas/backend*.yaml`) is called as it lands.
 */
import type { Contract, SchemaNode } from "../../scripts/codegen/contract.js";
import { buildOperations, calledOperations, type OperationModel } from "../../scripts/codegen/model.js";
import type { BackendClient } from "../../src/server/backend-client.js";
import type { RequestOptions } from "../../src/transport/index.js";

/** One backend operation with the request the tests send and the client method that sends it. */
export interface BackendCall {
  op: OperationModel;
  /** The `createBackendClient` method (the operation id without `backend`, e.g. `fetchUserById`). */
  method: string;
  /** The request argument, or null when the operation takes none (the method takes only the options). */
  request: Record<string, unknown> | null;
  /** What is missing from the contract for a valid request (an empty list when nothing is). */
  missing: string[];
}

type Node = Record<string, unknown>;

/** The operations of the contract's `backend` tag (every id starts with `backend`), in contract order. */
export function backendOperationsOf(contract: Contract): OperationModel[] {
  const tagged = new Set<string>();
  for (const item of Object.values(contract.document.paths as Record<string, Node>))
    for (const op of Object.values(contract.resolve(item))) {
      const { operationId, tags } = (op ?? {}) as { operationId?: string; tags?: string[] };
      if (operationId && tags?.includes("backend")) tagged.add(operationId);
    }
  return calledOperations(buildOperations(contract)).filter((op) => tagged.has(op.operationId));
}

/** The client method of a backend operation id. */
export const clientMethodOf = (operationId: string): string =>
  operationId.replace(/^backend(.)/, (_, first: string) => first.toLowerCase());

/** Every backend operation with its contract-built request. */
export function backendCalls(contract: Contract): BackendCall[] {
  const operations = backendOperationsOf(contract);
  const known = knownValues(contract, operations);
  return operations.map((op) => {
    const missing: string[] = [];
    const raw = operationObject(contract, op);
    const parameters = [...((raw.item.parameters as Node[]) ?? []), ...((raw.op.parameters as Node[]) ?? [])].map((p) =>
      contract.resolve(p),
    );
    const request: Record<string, Record<string, unknown>> = {};
    for (const parameter of parameters) {
      const where = parameter.in as string;
      if (where !== "path" && where !== "query") continue;
      const name = parameter.name as string;
      const value = parameterValue(contract, parameter, known);
      if (value === undefined) {
        if (parameter.required) missing.push(`${where} parameter ${name} has no example`);
        continue;
      }
      request[where] = { ...request[where], [name]: value };
    }
    if (op.requestBody) {
      const body = bodyExample(contract, raw.op);
      if (body !== undefined) request.body = body as Record<string, unknown>;
      else if (op.requestBody.required) missing.push("the request body has no example");
    }
    const takesInput = op.pathParams.length > 0 || op.queryParams.length > 0 || op.requestBody !== undefined;
    return { op, method: clientMethodOf(op.operationId), request: takesInput ? request : null, missing };
  });
}

/** Calls `call`'s method on `client` with its request and `options`. */
export function callClient(client: BackendClient, call: BackendCall, options?: RequestOptions): Promise<unknown> {
  const method = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[call.method];
  if (typeof method !== "function") throw new Error(`createBackendClient has no method ${call.method}`);
  return call.request === null ? method(options) : method(call.request, options);
}

function operationObject(contract: Contract, op: OperationModel): { item: Node; op: Node } {
  const item = contract.resolve((contract.document.paths as Record<string, Node>)[op.path]!) as Node;
  return { item, op: contract.resolve(item[op.method.toLowerCase()] as Node) };
}

function bodyExample(contract: Contract, op: Node): unknown {
  const body = contract.resolve(op.requestBody as Node);
  const media = (body.content as Record<string, Node>)["application/json"];
  const examples = Object.values((media?.examples as Record<string, Node>) ?? {});
  if (examples.length) return contract.resolve(examples[0]!).value;
  return media?.example;
}

/** The scalar values the backend's request examples give each property name (`org_id`, `user_id`, `email` …). */
function knownValues(contract: Contract, operations: OperationModel[]): Map<string, unknown> {
  const known = new Map<string, unknown>();
  for (const op of operations) {
    const raw = operationObject(contract, op).op;
    const body = raw.requestBody ? bodyExample(contract, raw) : undefined;
    if (!body || typeof body !== "object") continue;
    for (const [name, value] of Object.entries(body))
      if (!known.has(name) && value !== null && typeof value !== "object") known.set(name, value);
  }
  return known;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function parameterValue(contract: Contract, parameter: Node, known: Map<string, unknown>): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const schema = contract.resolve((parameter.schema ?? {}) as SchemaNode);
  if (schema.enum?.length) return schema.enum[0];
  const named = known.get(parameter.name as string) ?? known.get(snakeCase(parameter.name as string));
  if (named !== undefined) return named;
  if (schema.default !== undefined) return schema.default;
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 0;
  if (schema.type === "boolean") return true;
  return undefined;
}
