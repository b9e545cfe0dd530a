import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getOrgSettings, listOrgMembers, login } from "../../../src/generated/operations.js";
import {
  ApiError,
  type ExchangeFailure,
  RequestValidationError,
  createTransport,
  type TransportOptions,
} from "../../../src/transport/index.js";
import { parseRetryAfter } from "../../../src/transport/retry-after.js";
import { sendJson, startLocalServer, type LocalServer } from "../../support/local-server.js";

/** The transport's exchange on its worst answers: stalled bodies, gateway JSON, Retry-After, redirects, lone surrogates. */
let server: LocalServer;
beforeAll(async () => (server = await startLocalServer()));
afterAll(() => server.close());
beforeEach(() => server.requests.splice(0));

/** A transport whose deadline a loaded machine never reaches; the timeout test sets a short one of its own. */
function transport(options: Partial<TransportOptions> = {}) {
  return createTransport({ authUrl: server.url, logger: { warn: vi.fn() }, timeoutMs: 60_000, ...options });
}

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail("expected a failure"),
    (error: unknown) => error,
  );

describe("the deadline covers the whole exchange", () => {
  it("a body that stalls after the headers → unexpected_error (timeout), the call settles", async () => {
    server.respond((_, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": "500" });
      res.write('{"org_name":');
    });
    // The deadline fires once the headers are in (an event, not a wait): the timers are the test's, the fetch says when.
    let fireDeadline: (() => void) | undefined;
    const timers = { setTimeout: (callback: () => void) => (fireDeadline = callback), clearTimeout: () => undefined };
    let headersArrived = () => {};
    const headersIn = new Promise<void>((resolve) => (headersArrived = resolve));
    const fetchNotingHeaders: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      headersArrived();
      return response;
    };
    const pending = failure(
      getOrgSettings(transport({ timers, fetch: fetchNotingHeaders }), { query: { org_id: "o1" } }),
    );
    await headersIn;
    fireDeadline?.();
    const error = await pending;
    expect(error).toMatchObject({ code: "unexpected_error", status: 0 });
    expect(((error as ApiError).cause as ExchangeFailure).kind).toBe("timeout");
  });

  it("the caller's abort during a stalled body is passed through as its reason", async () => {
    server.respond((_, res) => {
      res.writeHead(200, { "Content-Length": "500" });
      res.write("{");
    });
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    const pending = failure(
      getOrgSettings(transport({ timeoutMs: 60_000 }), { query: { org_id: "o1" } }, { signal: controller.signal }),
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(reason);
    expect(await pending).toBe(reason);
  });
});

describe("gateway JSON that is not an error body", () => {
  it.each([
    [502, {}],
    [504, { message: "Bad gateway" }],
    [503, []],
  ])("%i %j → ApiError unexpected_error, issues kept as cause", async (status, body) => {
    server.respond((_, res) => sendJson(res, status, body));
    const onValidationError = vi.fn();
    const error = await failure(getOrgSettings(transport({ onValidationError }), { query: { org_id: "o1" } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "unexpected_error",
      status,
      userFacingError: "An unexpected error has occurred",
    });
    expect(onValidationError).toHaveBeenCalledOnce();
  });
});

describe("Retry-After", () => {
  it("is exposed on the ApiError, from seconds or an HTTP date", async () => {
    server.respond((_, res) => {
      res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "7" });
      res.end(JSON.stringify({ error_code: "rate_limit_exceeded", user_facing_error: "Slow down" }));
    });
    const error = (await failure(login(transport(), { body: { email: "a@b.co", password: "x" } }))) as ApiError;
    expect(error.retryAfterMs).toBe(7000);
    server.respond((_, res) => {
      res.writeHead(503, { "Retry-After": new Date(Date.now() + 60_000).toUTCString() });
      res.end("<html>busy</html>");
    });
    const busy = (await failure(login(transport(), { body: { email: "a@b.co", password: "x" } }))) as ApiError;
    expect(busy.code).toBe("unexpected_error");
    expect(busy.retryAfterMs).toBeGreaterThan(50_000);
  });

  it("parses delay-seconds and HTTP dates, and ignores anything else", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("12.5", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("redirects are never followed", () => {
  it("a 302/307 to another origin → unexpected_error (redirect); nothing reaches the other origin", async () => {
    const other = await startLocalServer();
    try {
      other.respond((_, res) => sendJson(res, 200, { login_state: "Finished" }));
      for (const status of [302, 307]) {
        server.respond((_, res) => {
          res.writeHead(status, { Location: `${other.url}/steal` });
          res.end();
        });
        const error = (await failure(login(transport(), { body: { email: "a@b.co", password: "pw" } }))) as ApiError;
        expect(error).toMatchObject({ code: "unexpected_error", status });
        expect((error.cause as ExchangeFailure).kind).toBe("redirect");
      }
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe("lone surrogates", () => {
  it("in a path id or a query value → RequestValidationError, nothing sent", async () => {
    const t = transport();
    await expect(listOrgMembers(t, { path: { orgId: "o\uD800" } })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(getOrgSettings(t, { query: { org_id: "\uDC00x" } })).rejects.toBeInstanceOf(RequestValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("a well-formed pair (an emoji) is sent", async () => {
    server.respond((_, res) =>
      sendJson(res, 200, { users: [], total_count: 0, page_number: 0, page_size: 10, has_more_results: false }),
    );
    await listOrgMembers(transport(), { path: { orgId: "o\u{1F600}" } });
    expect(server.requests[0]!.url).toContain("o%F0%9F%98%80");
  });
});

describe("validators check what the provider promises, no more", () => {
  it("OrgSettings.require_2fa_by is any string or null (the provider promises string | null)", async () => {
    const settings = {
      org_name: "Acme",
      user_can_update_org_settings: true,
      user_can_update_metadata: true,
      autojoin_by_domain: false,
      restrict_to_domain: false,
      existing_domain: null,
      current_user_domain: "acme.com",
      current_user_domain_is_personal: false,
      can_setup_saml: true,
      is_saml_enabled: false,
      is_saml_in_test_mode: false,
      can_setup_scim: false,
      is_scim_enabled: false,
    };
    for (const require_2fa_by of ["2027-01-01 00:00:00", "2027-01-01", "2027-01-01T00:00:00.123456", null]) {
      server.respond((_, res) => sendJson(res, 200, { ...settings, require_2fa_by }));
      await expect(getOrgSettings(transport(), { query: { org_id: "o1" } })).resolves.toMatchObject({ require_2fa_by });
    }
  });
});
