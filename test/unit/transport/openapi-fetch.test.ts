import { readFileSync } from "node:fs";
import { join } from "node:path";
import createClient, { type MiddlewareCallbackParams } from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import { repoRoot } from "../../../scripts/lib/repo-root.js";
import { allOperations, type PathsWithoutCsrf } from "../../../src/generated/operations.js";
import * as serverOperations from "../../../src/generated/server-operations.js";
import { createAuthApi, csrfHeader, firstMembers } from "../../types/openapi-fetch-sample.js";

const ORIGIN = "https://auth.example.com";
/** The server's descriptors and its navigation's (no fixed headers: the server sends none of the browser's). */
const serverDescriptors = Object.values(serverOperations as Record<string, unknown>).filter(
  (value): value is { operationId: string; path: string; headers?: Record<string, string> } =>
    typeof value === "object" && value !== null && "operationId" in value,
);

/** The headers the middleware leaves on a bare request for `schemaPath`. */
function headersAfterMiddleware(schemaPath: string): Record<string, string> {
  const request = new Request(`${ORIGIN}${schemaPath}`);
  csrfHeader.onRequest({ request, schemaPath } as MiddlewareCallbackParams);
  return Object.fromEntries(request.headers);
}

/** Lowercased names, as `Headers` gives them back. */
const lowercased = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

describe("the docs' CSRF header middleware", () => {
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
    client.use(csrfHeader);
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

const SAMPLE = join("test", "types", "openapi-fetch-sample.ts");
const MARKER = "<!-- openapi-fetch-sample";

describe("docs/openapi-fetch.md's sample", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it(`is ${SAMPLE} word for word (type-checked with the suite)`, () => {
    const markdown = readFileSync(join(repoRoot, "docs", "openapi-fetch.md"), "utf8");
    const at = markdown.indexOf(MARKER);
    expect(at, "docs/openapi-fetch.md has no block after the openapi-fetch-sample marker").toBeGreaterThan(-1);
    const block = /^```ts\n([\s\S]*?)^```$/m.exec(markdown.slice(at))?.[1];
    expect(block).toBe(readFileSync(join(repoRoot, SAMPLE), "utf8"));
  });

  it("sends the call with cookies and the CSRF header, and gives back the typed answer or throws the error", async () => {
    const sent: Request[] = [];
    let answer = Response.json({ users: [{ user_id: "u1" }], total_count: 1 });
    vi.stubGlobal("fetch", async (request: Request) => {
      sent.push(request);
      return answer;
    });
    const api = createAuthApi(ORIGIN);
    await expect(firstMembers(api, "org/1")).resolves.toEqual([{ user_id: "u1" }]);
    const [request] = sent;
    expect(request?.url).toBe(`${ORIGIN}/api/fe/v3/org_membership/org%2F1/members?page_number=0&page_size=20`);
    expect(request?.credentials).toBe("include");
    expect(request?.headers.get("X-CSRF-Token")).toBe("-.-");
    answer = Response.json({ error_code: "org_not_found", user_facing_error: "No such organisation" }, { status: 404 });
    await expect(firstMembers(api, "org_9")).rejects.toThrow("404 org_not_found: No such organisation");
  });
});
