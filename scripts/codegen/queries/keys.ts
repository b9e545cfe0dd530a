/** The key types and the key factory (`xKeys`) of a query operation. */
import type { OperationModel } from "../model.js";
import { literal } from "../naming.js";
import { infiniteDefault, infiniteRequestType, namesOf, pathPartType, queryPartType, requestParam } from "./names.js";

export function keyTypes(op: OperationModel): string {
  const n = namesOf(op);
  const prefix = `typeof queryKeyRoot, ${n.id}, ${pathPartType(op, n)}`;
  const lines = [
    `/** The error \`${op.operationId}\` fails with. */\nexport type ${n.error} = OperationError<${n.id}>;`,
    `/** The key of one cached \`${op.operationId}\` result, tagged with its data and error types. */\nexport type ${n.queryKey} = DataTag<readonly [${prefix}, ${queryPartType(op, n)}], ${n.response}, ${n.error}>;`,
  ];
  if (op.pagination) {
    lines.push(
      `/** Arguments of the infinite \`${op.operationId}\` list: the request without the page number. */\nexport type ${n.infiniteRequest} = ${infiniteRequestType(op, n)};`,
      `/** The key of one cached infinite \`${op.operationId}\` list (its own \`"infinite"\` segment: never shared with a single page). */\nexport type ${n.infiniteQueryKey} = DataTag<readonly [${prefix}, Omit<${queryPartType(op, n)}, ${literal(op.pagination.pageParam)}>, "infinite"], InfiniteData<${n.response}, number>, ${n.error}>;`,
    );
  }
  return lines.join("\n\n");
}

export function keyFactory(op: OperationModel): string {
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
