/**
 * The URL of one call: the operation's generated path builder fills in its path parameters, each checked and
 * percent-encoded; query values are appended in the order given (undefined and null left out, an array repeated as
 * `name=a&name=b`) — what openapi-fetch's default serialisers write for the contract's simple parameters.
 */
import type { OperationDescriptor, OperationRequest, RegisteredOperationId as OperationId } from "./operation.js";
import { RequestValidationError } from "./errors.js";
import { LONE_SURROGATE_MESSAGE } from "./well-formed.js";

/** One argument that cannot be sent. */
type Issue = { path: string[]; message: string };

/**
 * `origin` + the operation's path and query. Fails fast (nothing sent) when a path parameter is missing, empty or
 * a dot segment. Ids are sent through encodeURIComponent, which leaves "." alone, and URL parsing removes "." and
 * ".." segments: `joinOrg` with `orgId: ".."` would POST to the API root. A pre-encoded spelling ("%2e", "%252E.")
 * is harmless here (its "%" is encoded again) but would become a dot segment wherever the id is decoded more than
 * once, so it is refused too. A path or query value with a lone surrogate is refused as well: encodeURIComponent
 * throws on it (a URIError), which is the check, made while encoding.
 */
export function operationUrl(origin: string, op: OperationDescriptor<OperationId>, request: OperationRequest): string {
  const issues: Issue[] = [];
  const values = request.path as Record<string, unknown> | undefined;
  let url = origin + (op.url ? op.url((name) => pathValue(name, values?.[name], issues)) : op.path);
  const query = request.query as Record<string, unknown> | undefined;
  let separator = "?";
  const append = (name: string, item: unknown): boolean => {
    if (item === undefined || item === null) return true;
    const encoded = percentEncoded(item as string);
    if (encoded === undefined) return false;
    url += `${separator}${name}=${encoded}`;
    separator = "&";
    return true;
  };
  for (const name in query) {
    const value = query[name];
    const sent = Array.isArray(value) ? value.every((item) => append(name, item)) : append(name, value);
    if (!sent) issues.push({ path: ["query", name], message: LONE_SURROGATE_MESSAGE });
  }
  if (issues.length) throw new RequestValidationError(op.operationId, issues);
  return url;
}

/** A path parameter checked and percent-encoded ("" when it cannot be sent: its issue is recorded). */
function pathValue(name: string, value: unknown, issues: Issue[]): string {
  // a dot segment (one or two dots, each "." or "%2e" percent-encoded any number of times, "%252e" …) is refused
  const encoded =
    typeof value === "string" && value !== "" && !/^(?:\.|%(?:25)*2e){1,2}$/i.test(value) ? percentEncoded(value) : "";
  if (encoded) return encoded;
  issues.push({
    path: ["path", name],
    message: encoded === undefined ? LONE_SURROGATE_MESSAGE : "must be a non-empty string and not a dot segment",
  });
  return "";
}

/** The value percent-encoded, or undefined for a string with a lone surrogate (which cannot be encoded). */
function percentEncoded(value: string | number | boolean): string | undefined {
  try {
    return encodeURIComponent(value);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
