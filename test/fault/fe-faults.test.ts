/**
 * Every fault against five representative fe operations on a real HTTP server: GET with a query, POST with a body,
 * a path id, a paginated list, and a 204. Each outcome is a contract-valid value or one of the library's typed
 * errors, and the specific one the README's failure table promises.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getOrgSettings,
  joinOrg,
  listOrgMembers,
  login,
  resendEmailConfirmation,
} from "../../src/generated/operations.js";
import {
  ApiError,
  type ExchangeFailure,
  RequestValidationError,
  ResponseValidationError,
  createTransport,
  type OperationCaller,
} from "../../src/transport/index.js";
import { refusedUrl, startFaultServers, type FaultServer } from "./fault-server.js";
import { deadlineFor, FAULTS, type FaultName } from "./faults.js";
import { expectCleanProcess, guardProcess } from "./guards.js";
import { isContractValid, OPERATIONS, type FeOperation } from "./operations.js";

guardProcess();
let servers: Awaited<ReturnType<typeof startFaultServers>>;
let auth: FaultServer;
let closedUrl: string;
beforeAll(async () => {
  servers = await startFaultServers();
  auth = servers.auth;
  closedUrl = await refusedUrl();
});
afterAll(() => servers.close());

const CALLS: Record<FeOperation, (t: OperationCaller) => Promise<unknown>> = {
  getOrgSettings: (t) => getOrgSettings(t, { query: { org_id: "o1" } }),
  login: (t) => login(t, { body: { email: "ada@example.com", password: "correct horse" } }),
  joinOrg: (t) => joinOrg(t, { path: { orgId: "org/1 é" } }),
  listOrgMembers: (t) => listOrgMembers(t, { path: { orgId: "o1" }, query: { page_number: 0, page_size: 10 } }),
  resendEmailConfirmation: (t) => resendEmailConfirmation(t),
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** What each fault must come out as, for an operation with a JSON answer and for the 204 one. */
function expectOutcome(fault: FaultName, operation: FeOperation, outcome: Outcome): void {
  const noContent = operation === "resendEmailConfirmation";
  const error = outcome.ok ? null : outcome.error;
  const unexpected = (status: number, kind?: string) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: "unexpected_error",
      status,
      userFacingError: "An unexpected error has occurred",
    });
    if (kind) expect(((error as ApiError).cause as ExchangeFailure).kind).toBe(kind);
  };
  switch (fault) {
    case "connection refused":
    case "reset mid-body":
      return void unexpected(0, "network");
    case "body stalled after headers":
    case "hang":
      return void unexpected(0, "timeout");
    case "truncated JSON":
    case "empty 200":
    case "204":
      if (noContent) return void expect(outcome).toEqual({ ok: true, value: undefined });
      return void unexpected(fault === "204" ? 204 : 200);
    case "wrong types":
      if (noContent) return void expect(outcome).toEqual({ ok: true, value: undefined });
      return void expect(error).toBeInstanceOf(ResponseValidationError);
    case "HTML 502":
      return void unexpected(502);
    case "non-error JSON 502":
    case "non-error JSON 504":
      unexpected(fault.endsWith("502") ? 502 : 504);
      return void expect((error as ApiError).cause).toBeInstanceOf(ResponseValidationError);
    case "429 with Retry-After":
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 429,
        retryAfterMs: 1000,
        code: noContent ? "rate_limit_exceeded" : "unexpected_error",
      });
      return;
    case "cross-origin 302":
      unexpected(302, "redirect");
      return void expect(servers.other.requests).toEqual([]);
    case "5 MB body":
    case "__proto__ / constructor keys":
    case "prototype names as org ids":
    case "membership without its role list":
    case "properties nested 5 000 deep":
      expect(outcome.ok).toBe(true);
      return void expect(isContractValid(operation, outcome.ok ? outcome.value : null)).toBe(true);
    case "non-UTF-8 bytes": // the bytes decode as U+FFFD: still a value, unless they broke an enum or the JSON
      if (outcome.ok) return void expect(isContractValid(operation, outcome.value)).toBe(true);
      if (error instanceof ApiError) return void unexpected(200);
      return void expect(error).toBeInstanceOf(ResponseValidationError);
  }
}

describe.each(FAULTS.map((fault) => [fault.name, fault] as const))("fe calls: %s", (name, fault) => {
  it.each(OPERATIONS)("%s settles with its typed outcome", async (operation) => {
    auth.fault = fault;
    const transport = createTransport({
      authUrl: name === "connection refused" ? closedUrl : auth.url,
      timeoutMs: deadlineFor(name),
      logger: { warn: () => undefined },
    });
    const outcome: Outcome = await CALLS[operation](transport).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    auth.fault = null;
    if (!outcome.ok) expect(outcome.error).not.toBeInstanceOf(RequestValidationError);
    expectOutcome(name, operation, outcome);
    await expectCleanProcess();
  });
});
