import type { InvalidationModel, OperationModel, RequestValue } from "./model-types.js";

/** One raw `x-invalidates` item: an operation id, or an object whose filters are runtime expressions. */
type RawInvalidation = string | { operationId: string; path?: Record<string, string>; query?: Record<string, string> };

/** Reads an operation's `x-invalidates` list, resolving each runtime expression against the operation's request. */
export function buildInvalidations(op: OperationModel, raw: unknown): InvalidationModel[] {
  return ((raw ?? []) as RawInvalidation[]).map((item) => {
    if (typeof item === "string") return { operationId: item, path: {}, query: {} };
    return { operationId: item.operationId, path: resolveAll(op, item.path), query: resolveAll(op, item.query) };
  });
}

/** Checks every invalidation target once: it must name a fe/v3 query of the same contract. */
export function assertInvalidationTargets(operations: OperationModel[]): void {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  for (const op of operations) {
    for (const { operationId } of op.invalidates) {
      const target = byId.get(operationId);
      if (!target) throw new Error(`${op.operationId} invalidates unknown operation ${operationId}`);
      if (target.kind !== "query" || target.surface !== "frontend") {
        throw new Error(`${op.operationId}: x-invalidates names ${operationId}, which is not a fe/v3 query`);
      }
    }
  }
}

function resolveAll(op: OperationModel, expressions: Record<string, string> = {}): Record<string, RequestValue> {
  return Object.fromEntries(
    Object.entries(expressions).map(([name, expression]) => [name, resolveExpression(op, expression)]),
  );
}

/** `$request.body#/org_id` → the body's `org_id`; `$request.path.orgId` → the path's `orgId`; same for query. */
function resolveExpression(op: OperationModel, expression: string): RequestValue {
  const body = /^\$request\.body#((?:\/[^/]+)+)$/.exec(expression);
  if (body) {
    if (!op.requestBody) throw new Error(`${op.operationId}: ${expression} but the operation has no request body`);
    return {
      location: "body",
      pointer: body[1]!
        .split("/")
        .slice(1)
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")),
    };
  }
  const param = /^\$request\.(path|query)\.([A-Za-z0-9_-]+)$/.exec(expression);
  if (param) {
    const location = param[1] as "path" | "query";
    const name = param[2]!;
    const declared = (location === "path" ? op.pathParams : op.queryParams).some((p) => p.name === name);
    if (!declared) throw new Error(`${op.operationId}: ${expression} names an undeclared ${location} parameter`);
    return { location, name };
  }
  throw new Error(
    `${op.operationId}: unsupported runtime expression ${expression} (use $request.body#/…, $request.path.… or $request.query.…)`,
  );
}
