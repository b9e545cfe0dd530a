/**
 * The URL of one call: path parameters percent-encoded into the path, query values appended in the order given
 * (undefined and null left out, an array repeated as `name=a&name=b`) — what openapi-fetch's default serialisers
 * write for the contract's simple parameters, in a few lines instead of its general serialisers.
 */

/** A `{name}` placeholder of a path parameter. */
export const PATH_PARAM = /\{([^{}]+)\}/g;

/** `origin + path` with its `{name}` placeholders filled in and the query appended. */
export function requestUrl(
  origin: string,
  path: string,
  pathParams: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  const url = origin + path.replace(PATH_PARAM, (match, name: string) => encode(pathParams[name], match));
  const search: string[] = [];
  for (const name in query) {
    const value = query[name];
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) search.push(`${name}=${encode(item, "")}`);
  }
  return search.length ? `${url}?${search.join("&")}` : url;
}

function encode(value: unknown, absent: string): string {
  return value === undefined || value === null ? absent : encodeURIComponent(value as string | number | boolean);
}
