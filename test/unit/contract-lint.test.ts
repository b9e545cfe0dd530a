/**
 * Structural rules of openapi/auth-api.yaml that `redocly lint` cannot express and the generator
 * relies on: CSRF on every front-end call, the bearer schemes of the server calls, the per-operation error-code
 * shape, one status per code, examples named by code, and the x-* extensions pointing at real operations.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { areaFilesByPath } from "../../scripts/lib/area-files.js";
import { HTTP_METHODS } from "../../src/transport/operation.js";

/** A parsed YAML document is untyped. */
// biome-ignore lint/suspicious/noExplicitAny: the walk reads arbitrary properties of the parsed contract
type Node = any;

const contract = await loadContract(fileURLToPath(new URL("../../openapi/auth-api.yaml", import.meta.url)));
const doc: Node = contract.document;

const STATUS_OF_CODE: Record<string, string> = {};
for (const [status, codes] of Object.entries({
  "400":
    "invalid_request_fields bad_request incorrect_password incorrect_mfa_code personal_domain_error max_file_size domain_not_allowed email_already_confirmed ambiguous_results",
  "401": "not_logged_in invalid_mfa_cookie invalid_api_key",
  "403": "action_forbidden action_disabled email_not_confirmed account_locked account_disabled account_mfa_locked",
  "404": "not_found user_not_found org_not_found",
  "409": "action_already_complete org_max_users_limit_exceeded user_max_orgs_limit_exceeded",
  "429": "rate_limit_exceeded confirmation_email_sent",
  "500": "unexpected_error db_error email_send_failure",
})) {
  for (const code of codes.split(" ")) STATUS_OF_CODE[code] = status;
}

/** Follows local `$ref`s the way the generator does. */
const deref = (node: Node): Node => contract.resolve(node);

interface Operation {
  id: string;
  method: string;
  path: string;
  op: Node;
  params: Node[];
}

const operations: Operation[] = Object.entries(doc.paths as Record<string, Node>).flatMap(([path, item]) =>
  HTTP_METHODS.map((method) => method.toLowerCase())
    .filter((method) => item[method])
    .map((method) => ({
      id: item[method].operationId as string,
      method,
      path,
      op: item[method],
      params: [...(item.parameters ?? []), ...(item[method].parameters ?? [])],
    })),
);
const frontEnd = operations.filter((o) => o.path.startsWith("/api/fe/v3/"));
/** The backend (management) API: its errors carry no `error_code`, each status names its code in `x-error-code`. */
const backend = operations.filter((o) => o.op.tags?.[0] === "backend");
const server = operations.filter((o) => !backend.includes(o) && /^\/(propelauth|api\/backend)\//.test(o.path));
/** The browser navigation of the server surface: answered with a page or a redirect, not JSON. */
const isNavigation = (o: Operation): boolean => Object.keys(o.op.responses).some((status) => status.startsWith("3"));
const byId = new Map(operations.map((o) => [o.id, o]));
const areaFiles = areaFilesByPath();
/** An operation as a failure names it: its id and the file under openapi/areas/ to edit. */
const at = (o: Operation): string => `${o.id} (${o.method.toUpperCase()} ${o.path} in ${areaFiles.get(o.path)})`;

describe("openapi/auth-api.yaml", () => {
  it("has uniquely named, summarised operations", () => {
    expect(frontEnd.length).toBeGreaterThan(0);
    expect(byId.size).toBe(operations.length);
    expect(server.map((o) => o.id).sort()).toEqual([
      "backendLogout",
      "backendRefreshToken",
      "oauthUserinfo",
      "ssrAuthorize",
      "ssrToken",
    ]);
    for (const o of operations) {
      expect(o.op.summary, at(o)).toMatch(/^[^\n]+$/);
      expect(o.op.tags, at(o)).toHaveLength(1);
    }
  });

  it("names in every failure the operation's file under openapi/areas/, the one to edit", () => {
    for (const o of operations) expect(at(o), o.id).toMatch(/ in openapi\/areas\/[\w-]+\.yaml\)$/);
    expect(at(byId.get("createOrg")!)).toBe("createOrg (POST /api/fe/v3/create_org in openapi/areas/orgs.yaml)");
  });

  it("sends the CSRF header on every front-end call and only there", () => {
    for (const o of operations) {
      const hasCsrf = o.params.some((p) => p.$ref === "#/components/parameters/CsrfToken");
      expect(hasCsrf, at(o)).toBe(o.path.startsWith("/api/fe/v3/"));
    }
    expect(doc.security).toEqual([{ sessionCookie: [] }, {}]);
  });

  it("authorises every server call with a bearer: the integration API key, or the access token for userinfo", () => {
    for (const scheme of ["integrationApiKey", "accessToken"])
      expect(deref(doc.components.securitySchemes[scheme]), scheme).toMatchObject({ type: "http", scheme: "bearer" });
    for (const o of server) {
      const expected = isNavigation(o)
        ? undefined
        : o.id === "oauthUserinfo"
          ? [{ accessToken: [] }]
          : [{ integrationApiKey: [] }];
      expect(o.op.security, at(o)).toEqual(expected);
      expect(o.op.tags, at(o)).toEqual(["server"]);
    }
    for (const o of backend) {
      expect(o.op.security, at(o)).toEqual([{ integrationApiKey: [] }]);
      expect(o.id, `${at(o)}: one naming scheme, apart from the front end's`).toMatch(/^backend[A-Z]/);
    }
    expect(operations.filter(isNavigation).map((o) => o.id)).toEqual(["ssrAuthorize"]);
  });

  it("answers the authorize navigation's errors with a named HTML page each, never a redirect", () => {
    for (const o of operations.filter(isNavigation)) {
      for (const [status, raw] of Object.entries(o.op.responses as Record<string, Node>)) {
        if (!/^[45]/.test(status)) continue;
        const response = deref(raw);
        expect(Object.keys(response.content), `${at(o)} ${status}`).toEqual(["text/html"]);
        expect(Object.keys(response.content["text/html"].examples).length, `${at(o)} ${status}`).toBeGreaterThan(0);
        expect(response.headers?.Location, `${at(o)} ${status}`).toBeUndefined();
      }
    }
  });

  it("has one ErrorCode enum, of the codes the status table above lists", () => {
    const codes: string[] = doc.components.schemas.ErrorCode.enum;
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(Object.keys(STATUS_OF_CODE).sort());
  });

  it("maps every backend error status to one known code (x-error-code, or a shared ErrorBody response), with an example named after it", () => {
    expect(backend.length).toBeGreaterThan(0);
    for (const o of backend) {
      const statuses = Object.keys(o.op.responses as Record<string, Node>).filter((status) => /^[45]/.test(status));
      expect(statuses, at(o)).toEqual(expect.arrayContaining(["401", "429", "500"]));
      for (const status of statuses) {
        const response = deref(o.op.responses[status]);
        const [media] = Object.values(response.content as Record<string, Node>);
        const code: string = response["x-error-code"] ?? media.schema.allOf?.[1].properties.error_code.enum[0];
        expect(STATUS_OF_CODE[code], `${at(o)} ${status}: ${code}`).toBeDefined();
        expect(Object.keys(media.examples), `${at(o)} ${status}`).toContain(code);
        for (const name of Object.keys(media.examples))
          expect(name, `${at(o)} ${status}`).toMatch(new RegExp(`^${code}`));
      }
    }
  });

  it("narrows every error response (session, front-end and server calls) to its codes, each at its status, each with an example of its name", () => {
    for (const o of operations.filter((o) => !isNavigation(o) && !backend.includes(o))) {
      const seen: string[] = [];
      for (const [status, raw] of Object.entries(o.op.responses as Record<string, Node>)) {
        if (!/^[45]/.test(status)) continue;
        const media = deref(raw).content["application/json"];
        const [base, narrowing] = media.schema.allOf;
        expect(base.$ref, `${at(o)} ${status}`).toBe("#/components/schemas/ErrorBody");
        const codes: string[] = narrowing.properties.error_code.enum;
        expect(Object.keys(media.examples).sort(), `${at(o)} ${status}`).toEqual([...codes].sort());
        for (const code of codes) {
          expect(STATUS_OF_CODE[code], `${at(o)}: ${code}`).toBe(status);
          expect(media.examples[code].value.error_code, `${at(o)}: ${code}`).toBe(code);
          seen.push(code);
        }
      }
      expect(seen, at(o)).toContain("unexpected_error");
      expect(new Set(seen).size, at(o)).toBe(seen.length);
    }
  });

  it("gives every success body a named example and 204s no body", () => {
    for (const o of operations) {
      const [status, raw] = Object.entries(o.op.responses as Record<string, Node>).find(([s]) => s.startsWith("2"))!;
      const response = deref(raw);
      if (status === "204") expect(response.content, at(o)).toBeUndefined();
      else {
        const [media] = Object.values(response.content as Record<string, Node>);
        expect(Object.keys(media.examples).length, at(o)).toBeGreaterThan(0);
      }
    }
  });

  it("points x-invalidates at real query operations and parameters", () => {
    for (const o of operations) {
      for (const item of (o.op["x-invalidates"] ?? []) as Node[]) {
        const target = byId.get(item.operationId);
        expect(target, `${at(o)} → ${item.operationId}`).toBeDefined();
        for (const where of ["path", "query"] as const) {
          for (const [name, expression] of Object.entries((item[where] ?? {}) as Record<string, string>)) {
            expect(
              target!.params.map(deref).some((p: Node) => p.in === where && p.name === name),
              `${at(o)} → ${name}`,
            ).toBe(true);
            expect(expression).toMatch(/^\$request\.(body#\/\w+|path\.\w+)$/);
          }
        }
      }
    }
  });

  it("uses only known session effects and paginates exactly the lists that take a page number", () => {
    for (const o of operations) {
      const effect = o.op["x-session-effect"];
      if (effect !== undefined) expect(["refresh", "refresh-if-finished", "logout"]).toContain(effect);
    }
    const paginated = operations.filter((o) => o.op["x-pagination"]).map((o) => o.id);
    const takingPages = operations
      .filter((o) => o.params.some((p) => deref(p).name === "page_number"))
      .map((o) => o.id);
    expect(paginated.length).toBeGreaterThan(0);
    expect(paginated.sort()).toEqual(takingPages.sort());
    for (const id of paginated)
      expect(byId.get(id)!.op["x-pagination"]).toEqual({ page: "page_number", hasMore: "has_more_results" });
  });

  it("checks no string format and no numeric range in what the server sends (the provider promises plain strings and numbers)", () => {
    const seen = new Set<Node>();
    const findings: string[] = [];
    const walk = (node: Node, where: string): void => {
      const schema = deref(node);
      if (!schema || typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      for (const key of [
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "pattern",
        "minLength",
        "maxLength",
      ]) {
        if (key in schema) findings.push(`${where}: ${key}`);
      }
      for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Node>))
        walk(child, `${where}.${name}`);
      for (const key of ["items", "additionalProperties"])
        if (typeof schema[key] === "object") walk(schema[key], `${where}[${key}]`);
      for (const key of ["oneOf", "anyOf", "allOf"])
        for (const child of (schema[key] ?? []) as Node[]) walk(child, where);
    };
    for (const o of operations) {
      for (const [status, response] of Object.entries((o.op.responses ?? {}) as Record<string, Node>)) {
        walk(deref(response)?.content?.["application/json"]?.schema, `${at(o)} ${status}`);
      }
    }
    expect(findings).toEqual([]);
  });
});
