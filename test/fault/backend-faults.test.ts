/**
 * Every backend operation of the contract, through `createBackendClient`, against the fault server: server faults
 * (a 500 as the backend writes it, a gateway's HTML 502, JSON 502 / 504), a rate limit, a hang and a 2xx of the wrong
 * schema. Each settles with its typed outcome — an `OrgauthError`, the code its status maps to, never a `TypeError`.
 * The operations and their requests are read from the contract (test/contract/backend-requests.ts).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { createBackendClient } from "../../src/server/backend-client.js";
import { OrgauthError } from "../../src/shared/orgauth-error.js";
import { ApiError, type ExchangeFailure, ResponseValidationError } from "../../src/transport/index.js";
import { type BackendCall, backendCalls, callClient } from "../contract/backend-requests.js";
import { successExamplesOf } from "../contract/prism-calls.js";
import { type AnswerOf, startFaultServers } from "./fault-server.js";
import { deadlineFor, FAULTS, type Fault, type FaultName } from "./faults.js";
import { expectCleanProcess, guardProcess } from "./guards.js";

const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const calls = backendCalls(contract);

/** The correct answer of each backend route: its first success example (fixed paths before templated ones). */
const routes = calls
  .map((call) => {
    const [success] = successExamplesOf(contract, call.op, true);
    const pattern = new RegExp(`^${call.op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    const answer = success?.hasBody ? JSON.stringify(success.value ?? {}) : null;
    return { call, method: call.op.method, pattern, answer, templated: call.op.path.includes("{") };
  })
  .sort((a, b) => Number(a.templated) - Number(b.templated));
const routeOf = (method: string, path: string) => routes.find((r) => r.method === method && r.pattern.test(path));
/** The path a call is sent to (its path parameters filled in as the client writes them). */
const pathOf = (call: BackendCall) =>
  call.op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String((call.request?.path as Record<string, unknown>)?.[name])),
  );
const answerOf: AnswerOf = (method, path) => routeOf(method, path)?.answer ?? null;

/** The backend's own 500: plain text, as its gateway writes it. */
const plain500: Pick<Fault, "answer"> = {
  answer: (res) => void res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error"),
};
const catalogued = (name: FaultName) => FAULTS.find((fault) => fault.name === name)!;
const FAULT_CASES: [label: string, fault: Pick<Fault, "answer">, deadline: number][] = [
  ["plain-text 500", plain500, 10_000],
  ...(
    ["HTML 502", "non-error JSON 502", "non-error JSON 504", "429 with Retry-After", "hang", "wrong types"] as const
  ).map((name): [string, Fault, number] => [name, catalogued(name), deadlineFor(name)]),
];

guardProcess();
let servers: Awaited<ReturnType<typeof startFaultServers>>;
// the client's default logger warns of each status the contract does not document (502, 504): kept out of the output
const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
beforeAll(async () => {
  servers = await startFaultServers(answerOf);
});
afterAll(async () => {
  warn.mockRestore();
  await servers.close();
});

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The typed outcome each fault must have for `call`. */
function expectOutcome(label: string, call: BackendCall, outcome: Outcome): void {
  const error = outcome.ok ? null : outcome.error;
  const apiError = (status: number, kind?: string) => {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(OrgauthError);
    expect(error).toMatchObject({
      status,
      code: call.op.statusCodes?.[status] ?? "unexpected_error",
      operationId: call.op.operationId,
    });
    if (kind) expect(((error as ApiError).cause as ExchangeFailure).kind).toBe(kind);
  };
  switch (label) {
    case "plain-text 500":
      return void apiError(500);
    case "HTML 502":
    case "non-error JSON 502":
      return void apiError(502);
    case "non-error JSON 504":
      return void apiError(504);
    case "429 with Retry-After":
      apiError(429);
      return void expect(error).toMatchObject({ code: "rate_limit_exceeded", retryAfterMs: 1000 });
    case "hang":
      return void apiError(0, "timeout");
    case "wrong types": {
      // an empty success example ({} of a call that only succeeds or fails) has nothing to get wrong
      const answer = routes.find((r) => r.call === call)?.answer;
      if (answer === "{}") return void expect(outcome).toEqual({ ok: true, value: {} });
      if (answer === null) return void expect(outcome.ok).toBe(true); // a success without a body reads none
      expect(error).toBeInstanceOf(ResponseValidationError);
      return void expect(error).toBeInstanceOf(OrgauthError);
    }
  }
  throw new Error(`no expected outcome for ${label}`);
}

it("serves a route for every backend operation and documents 429 and 500 on each", () => {
  const unrouted = calls.filter(
    (call) => routeOf(call.op.method, pathOf(call)) !== routes.find((r) => r.call === call),
  );
  expect(unrouted.map((c) => c.op.operationId)).toEqual([]);
  const ids = (status: number) => calls.filter((c) => c.op.statusCodes?.[status] === undefined);
  expect(ids(429).map((c) => c.op.operationId)).toEqual([]);
  expect(ids(500).map((c) => c.op.operationId)).toEqual([]);
});

describe.each(FAULT_CASES)("backend calls: %s", (label, fault, deadline) => {
  beforeAll(() => {
    servers.auth.fault = fault;
  });
  afterAll(async () => {
    servers.auth.fault = null;
    expect(servers.other.requests).toEqual([]);
    await expectCleanProcess();
  });

  it.concurrent.each(calls.map((call) => [call.method, call] as const))("%s settles typed", async (_, call) => {
    const client = createBackendClient({
      authUrl: "https://auth.example.com",
      apiKey: "test-integration-api-key",
      backendUrl: servers.auth.url,
      timeoutMs: deadline,
    });
    const outcome: Outcome = await callClient(client, call).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    expectOutcome(label, call, outcome);
  });
});
