import { createFinalURL, createQuerySerializer, defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { allOperations } from "../../../src/generated/operations.js";
import { operationUrl } from "../../../src/transport/request-url.js";

/** The transport's own URL builder writes what openapi-fetch's default serialisers wrote for the same arguments. */
const CASES: [path: string, pathParams: Record<string, unknown>, query: Record<string, unknown>][] = [
  ["/api/fe/v3/org_settings", {}, { org_id: "org_acme" }],
  ["/api/fe/v3/org_membership/{orgId}/members", { orgId: "o 1/ü?#&" }, { page_size: 20, page_number: 0 }],
  ["/api/fe/v3/org_membership/{orgId}/members", { orgId: "o😀" }, { email_search: "a+b@x.com", page_size: undefined }],
  ["/api/fe/v3/org_api_keys", {}, { org_id: "o1", sort_by: null, api_key_search: "" }],
  ["/api/fe/v3/login/check", {}, { email: "ada@example.com", tags: ["a b", "c"], empty: [] }],
  ["/api/fe/v3/personal_api_keys", {}, {}],
  ["/api/fe/v3/login/check", {}, { flag: true, n: 1.5 }],
];

/** The URL the transport builds for the operation at `path` (its generated path builder, the query appended). */
function requestUrl(origin: string, path: string, pathParams: Record<string, unknown>, query: Record<string, unknown>) {
  const operation = allOperations.find((op) => op.path === path)!;
  return operationUrl(origin, operation, { path: pathParams, query });
}

describe("requestUrl", () => {
  it.each(CASES)("%s %o %o: as openapi-fetch wrote it", (path, pathParams, query) => {
    const expected = createFinalURL(path, {
      baseUrl: "https://auth.example.com",
      params: { path: pathParams, query },
      querySerializer: createQuerySerializer(),
      pathSerializer: defaultPathSerializer,
    });
    expect(requestUrl("https://auth.example.com", path, pathParams, query)).toBe(expected);
  });
});
