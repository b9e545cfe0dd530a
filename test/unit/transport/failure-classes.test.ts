import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrgSettings, joinOrg, listOrgMembers, login } from "../../../src/generated/operations.js";
import {
  ApiError,
  RequestValidationError,
  ResponseValidationError,
  createTransport,
  type TransportOptions,
} from "../../../src/transport/index.js";
import { sendJson, startLocalServer, type LocalServer } from "../../support/local-server.js";
import { requestOf } from "../../support/fetch-request.js";

/** Every failure class of the transport, each against a tiny local server, each with its typed outcome. */
let server: LocalServer;
beforeAll(async () => (server = await startLocalServer()));
afterAll(() => server.close());
beforeEach(() => server.requests.splice(0));

const settings = {
  org_name: "Acme",
  user_can_update_org_settings: true,
  user_can_update_metadata: true,
  autojoin_by_domain: false,
  restrict_to_domain: false,
  require_2fa_by: null,
  existing_domain: null,
  current_user_domain: "acme.com",
  current_user_domain_is_personal: false,
  can_setup_saml: true,
  is_saml_enabled: false,
  is_saml_in_test_mode: false,
  can_setup_scim: false,
  is_scim_enabled: false,
};

function transport(options: Partial<TransportOptions> = {}) {
  return createTransport({ authUrl: server.url, logger: { warn: vi.fn() }, ...options });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected the call to fail"),
    (error: unknown) => error,
  );
}

describe("requests", () => {
  it("send the CSRF header, JSON content type and a JSON body to {authUrl}/api/fe/v3", async () => {
    server.respond((_, res) => sendJson(res, 200, { login_state: "Finished" }));
    await expect(login(transport(), { body: { email: "a@b.co", password: "pw" } })).resolves.toEqual({
      login_state: "Finished",
    });
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: "POST",
      url: "/api/fe/v3/login",
      body: '{"email":"a@b.co","password":"pw"}',
    });
    expect(request!.headers["x-csrf-token"]).toBe("-.-");
    expect(request!.headers["content-type"]).toBe("application/json");
  });

  it("include credentials (cookies) on every call", async () => {
    const seen: Request[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(requestOf(input, init));
      return new Response(JSON.stringify({ login_state: "Finished" }), { status: 200 });
    });
    await login(transport({ fetch }), { body: { email: "a@b.co", password: "pw" } });
    expect(seen[0]!.credentials).toBe("include");
  });

  it("percent-encode path ids and still send a paging value of 0", async () => {
    server.respond((_, res) =>
      sendJson(res, 200, { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false }),
    );
    await listOrgMembers(transport(), { path: { orgId: "o1&x=1/.." }, query: { page_number: 0, page_size: 10 } });
    expect(server.requests[0]!.url).toBe(
      "/api/fe/v3/org_membership/o1%26x%3D1%2F../members?page_number=0&page_size=10",
    );
  });

  it("reject a missing path id and a bad body with RequestValidationError, sending nothing", async () => {
    const t = transport();
    await expect(joinOrg(t, { path: { orgId: "" } })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(login(t, { body: { email: "a@b.co" } } as never)).rejects.toBeInstanceOf(RequestValidationError);
    await expect(login(t, { body: { email: "a@b.co", password: "x", extra: 1 } } as never)).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe("failures become typed errors", () => {
  it("a network failure → unexpected_error, status 0, the vendor's unexpected-error message", async () => {
    const error = await failure(
      getOrgSettings(createTransport({ authUrl: "http://127.0.0.1:9" }), { query: { org_id: "o1" } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "unexpected_error",
      status: 0,
      message: "An unexpected error has occurred",
      operationId: "getOrgSettings",
    });
  });

  it("a non-JSON error body (a 502 HTML page) → unexpected_error, the parser's error as its cause", async () => {
    server.respond((_, res) => {
      res.writeHead(502, { "Content-Type": "text/html" });
      res.end("<html><body>Bad gateway</body></html>");
    });
    const error = await failure(getOrgSettings(transport(), { query: { org_id: "o1" } }));
    expect(error).toMatchObject({
      name: "ApiError",
      code: "unexpected_error",
      status: 502,
      message: "An unexpected error has occurred",
    });
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it("an empty body where JSON is due → unexpected_error, the parser's error as its cause", async () => {
    server.respond((_, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end();
    });
    const error = await failure(getOrgSettings(transport(), { query: { org_id: "o1" } }));
    expect(error).toMatchObject({ name: "ApiError", code: "unexpected_error", status: 200 });
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it("a documented code → ApiError with that code and the user-facing texts", async () => {
    server.respond((_, res) =>
      sendJson(res, 400, {
        error_code: "invalid_request_fields",
        user_facing_error: "Please fix the fields",
        user_facing_errors: { email: "Email is invalid" },
        field_errors: { email: "invalid_email" },
      }),
    );
    const error = await failure(login(transport(), { body: { email: "x", password: "y" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 400,
      operationId: "login",
      code: "invalid_request_fields",
      userFacingError: "Please fix the fields",
      userFacingErrors: { email: "Email is invalid" },
      fieldErrors: { email: "invalid_email" },
    });
  });

  it("a code the operation does not document → logged, unexpected_error with the raw code kept", async () => {
    const warn = vi.fn();
    server.respond((_, res) =>
      sendJson(res, 418, { error_code: "brand_new_code", user_facing_error: "Something new" }),
    );
    const error = await failure(getOrgSettings(transport({ logger: { warn } }), { query: { org_id: "o1" } }));
    expect(error).toMatchObject({ code: "unexpected_error", rawCode: "brand_new_code", status: 418 });
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("does not document"),
      expect.objectContaining({ code: "brand_new_code" }),
    );
  });

  it("an unexpected_error code is documented for every operation: no warning, no raw code", async () => {
    const warn = vi.fn();
    server.respond((_, res) =>
      sendJson(res, 500, { error_code: "unexpected_error", user_facing_error: "Try again later" }),
    );
    const error = await failure(joinOrg(transport({ logger: { warn } }), { path: { orgId: "o1" } }));
    expect(error).toMatchObject({
      name: "ApiError",
      code: "unexpected_error",
      rawCode: undefined,
      status: 500,
      userFacingError: "Try again later",
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("a timeout → unexpected_error; the caller's own abort is passed through", async () => {
    server.respond(() => undefined); // never answers
    const timedOut = await failure(getOrgSettings(transport({ timeoutMs: 50 }), { query: { org_id: "o1" } }));
    expect(timedOut).toMatchObject({ name: "ApiError", code: "unexpected_error", status: 0 });
    const controller = new AbortController();
    const pending = getOrgSettings(transport(), { query: { org_id: "o1" } }, { signal: controller.signal });
    controller.abort(new DOMException("user left", "AbortError"));
    expect(await failure(pending)).toMatchObject({ name: "AbortError" });
  });
});

describe("validation by status", () => {
  it("a success body that breaks the contract → ResponseValidationError, never an ApiError", async () => {
    server.respond((_, res) => sendJson(res, 200, { ...settings, org_name: 42 }));
    const error = await failure(getOrgSettings(transport(), { query: { org_id: "o1" } }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ operationId: "getOrgSettings", status: 200, body: { org_name: 42 } });
    expect((error as ResponseValidationError).issues[0]).toMatchObject({ path: ["org_name"] });
  });

  it("a fraction where the contract says integer → ResponseValidationError naming the field", async () => {
    const page = { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false };
    for (const [field, value] of [
      ["total_count", 0.5],
      ["page_size", 10.5],
    ] as const) {
      server.respond((_, res) => sendJson(res, 200, { ...page, [field]: value }));
      const error = await failure(listOrgMembers(transport(), { path: { orgId: "o1" } }));
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).issues[0]).toMatchObject({ path: [field] });
    }
  });

  it("an error body is checked with the error schema, not the success schema; one that fails is unexpected_error with the issues as cause", async () => {
    server.respond((_, res) => sendJson(res, 404, { error_code: "org_not_found" }));
    const onValidationError = vi.fn();
    const error = await failure(getOrgSettings(transport({ onValidationError }), { query: { org_id: "o1" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "unexpected_error", status: 404, message: "An unexpected error has occurred" });
    const cause = (error as ApiError).cause as ResponseValidationError;
    expect(cause).toBeInstanceOf(ResponseValidationError);
    expect(cause.issues[0]).toMatchObject({ path: ["user_facing_error"] });
    expect(onValidationError).toHaveBeenCalledWith(cause);
  });

  it("report mode hands back the data and reports; off mode skips checks", async () => {
    server.respond((_, res) => sendJson(res, 200, { ...settings, org_name: 42 }));
    const onValidationError = vi.fn();
    const warn = vi.fn();
    const reported = await getOrgSettings(transport({ validation: "report", onValidationError, logger: { warn } }), {
      query: { org_id: "o1" },
    });
    expect(reported.org_name).toBe(42);
    expect(onValidationError).toHaveBeenCalledWith(expect.any(ResponseValidationError));
    expect(warn).toHaveBeenCalledOnce();
    const unchecked = await getOrgSettings(transport({ validation: "off", onValidationError }), {
      query: { org_id: "o1" },
    });
    expect(unchecked.org_name).toBe(42);
    expect(onValidationError).toHaveBeenCalledOnce();
  });

  it("unknown keys in a response are stripped, so additive server changes do not break clients", async () => {
    server.respond((_, res) => sendJson(res, 200, { ...settings, brand_new_field: true }));
    const data = await getOrgSettings(transport(), { query: { org_id: "o1" } });
    expect(data).toEqual(settings);
  });
});
