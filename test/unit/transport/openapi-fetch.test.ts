import createClient from "openapi-fetch";
import { describe, expect, it } from "vitest";
import { allOperations, type PathsWithoutCsrf } from "../../../src/generated/operations.js";
import * as serverOperations from "../../../src/generated/server-operations.js";
import { csrfHeaderMiddleware } from "../../../src/transport/index.js";

const ORIGIN = "https://auth.example.com";
const serverDescriptors = Object.values(serverOperations).filter(
  (value): value is { operationId: string; path: string; headers?: Record<string, string> } =>
    typeof value === "object" && value !== null && "operationId" in value,
);

/** The headers the middleware leaves on a bare request for `schemaPath`. */
function headersAfterMiddleware(schemaPath: string): Record<string, string> {
  const request = new Request(`${ORIGIN}${schemaPath}`);
  csrfHeaderMiddleware.onRequest({ request, schemaPath });
  return Object.fromEntries(request.headers);
}

/** Lowercased names, as `Headers` gives them back. */
const lowercased = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

describe("csrfHeaderMiddleware", () => {
  it.each([...allOperations, ...serverDescriptors].map((op) => [op.operationId, op] as const))(
    "%s: sends exactly the headers the contract fixes on it",
    (_id, op) => {
      expect(headersAfterMiddleware(op.path)).toEqual(lowercased(op.headers));
    },
  );

  it("covers both kinds: front-end calls with the header, session and server calls without", () => {
    expect(allOperations.filter((op) => op.headers).length).toBeGreaterThan(20);
    expect(allOperations.some((op) => !op.headers)).toBe(true);
    expect(serverDescriptors.length).toBeGreaterThan(0);
  });

  it("lets an openapi-fetch client typed by PathsWithoutCsrf send the header it leaves out", async () => {
    const sent: Request[] = [];
    const client = createClient<PathsWithoutCsrf>({
      baseUrl: ORIGIN,
      credentials: "include",
      fetch: async (request) => {
        sent.push(request);
        return Response.json({});
      },
    });
    client.use(csrfHeaderMiddleware);
    await client.GET("/api/fe/v3/org_settings", { params: { query: { org_id: "org_acme" } } });
    await client.DELETE("/api/fe/v3/api_keys/{apiKeyId}", { params: { path: { apiKeyId: "key 1" } } });
    await client.GET("/api/v1/refresh_token");
    expect(sent.map((request) => [request.method, request.url, request.headers.get("X-CSRF-Token")])).toEqual([
      ["GET", `${ORIGIN}/api/fe/v3/org_settings?org_id=org_acme`, "-.-"],
      ["DELETE", `${ORIGIN}/api/fe/v3/api_keys/key%201`, "-.-"],
      ["GET", `${ORIGIN}/api/v1/refresh_token`, null],
    ]);
  });
});
