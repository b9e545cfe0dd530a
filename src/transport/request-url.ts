/**
 * The URL of one call: the operation's generated path builder fills in its path parameters, each checked and
 * percent-encoded; query values are appended in the order given (undefined and null left out, an array repeated as
 * `name=a&name=b`) — what openapi-fetch's default serialisers write for the contract's simple parameters.
 */
import type { OperationDescriptor, OperationRequest, RegisteredOperationId as OperationId } from "./operation.js";
import { RequestValidationError } from "./errors.js";
import { checkWellFormedStrings, isWellFormedString } from "./well-formed.js";

/**
 * `origin` + the operation's path and query. Fails fast (nothing sent) when a path parameter is missing, empty or
 * a dot segment. Ids are sent through encodeURIComponent, which leaves "." alone, and URL parsing removes "." and
 * ".." segments: `joinOrg` with `orgId: ".."` would POST to the API root. A pre-encoded spelling ("%2e", "%252E.")
 * is harmless here (its "%" is encoded again) but would become a dot segment wherever the id is decoded more than
 * once, so it is refused too. Then a path or query value with a lone surrogate is refused (it cannot be encoded).
 */
export function operationUrl(origin: string, op: OperationDescriptor<OperationId>, request: OperationRequest): string {
  let path = op.path;
  if (op.url) {
    const values = (request.path ?? {}) as Record<string, unknown>;
    const issues: { path: string[]; message: string }[] = [];
    path = op.url((name) => {
      const value = values[name];
      if (typeof value === "string" && value !== "" && !DOT_SEGMENT.test(value))
        return isWellFormedString(value) ? encodeURIComponent(value) : "";
      issues.push({ path: ["path", name], message: "must be a non-empty string and not a dot segment" });
      return "";
    });
    if (issues.length) throw new RequestValidationError(op.operationId, issues);
  }
  checkWellFormedStrings(op, request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  const search: string[] = [];
  for (const name in query) {
    const value = query[name];
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null)
        search.push(`${name}=${encodeURIComponent(item as string | number | boolean)}`);
  }
  return search.length ? `${origin}${path}?${search.join("&")}` : origin + path;
}

/** One or two dots, each written as "." or as "%2e" percent-encoded any number of times ("%252e", …). */
const DOT_SEGMENT = /^(?:\.|%(?:25)*2e){1,2}$/i;
