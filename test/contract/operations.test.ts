import { describe, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { browserOperations, buildOperations } from "../../scripts/codegen/model.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { ApiError } from "../../src/transport/index.js";
import { validCalls } from "./calls.js";
import { missingRequestLine } from "./missing-request.js";
import {
  errorExamplesOf,
  examplesOf,
  preferring,
  recordingTransport,
  rejectionOf,
  statuses,
  successExamplesOf,
} from "./prism-calls.js";

/**
 * Every operation against Prism serving our own contract: the default and every named success example come back
 * typed and validated, every documented error example becomes an ApiError with its code, and Prism finds no
 * violation in any request we send.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const operations = browserOperations(buildOperations(contract));

const callable = operations.filter((op) => Object.hasOwn(validCalls, op.operationId));

it("covers every browser operation of the contract (server-operations.test.ts covers the server's)", () => {
  const missing = operations.filter((op) => !callable.includes(op));
  expect(missing.map((op) => missingRequestLine(op.operationId, "test/support/valid-requests.ts"))).toEqual([]);
  expect(Object.keys(validCalls).sort()).toEqual(operations.map((o) => o.operationId).sort());
});

// an operation without a valid request is the one failure above, not a failure of each test below
describe.each(callable)("$method $path ($operationId)", (op) => {
  const call = validCalls[op.operationId as keyof typeof validCalls];
  const success = op.successResponses[0]!;

  it(`returns the default ${success.status} example, validated`, async () => {
    const { transport, exchanges } = recordingTransport();
    const data = await call(transport);
    const [, first] = examplesOf(contract, op, success.status)[0] ?? [];
    expect(data).toEqual(success.schema ? first?.value : undefined);
    expect(statuses(exchanges)).toEqual([{ status: success.status, violations: null }]);
  });

  it.each(successExamplesOf(contract, op))("returns success example $name ($status), validated", async (example) => {
    const { transport, exchanges } = recordingTransport();
    const data = await call(transport, preferring({ status: example.status, name: example.name }));
    expect(data).toEqual(example.hasBody ? example.value : undefined);
    expect(statuses(exchanges)).toEqual([{ status: example.status, violations: null }]);
  });

  const errorExamples = errorExamplesOf(contract, op);

  it.each(errorExamples)("answers example $name ($status) with a typed ApiError", async ({ status, name, code }) => {
    const { transport, exchanges } = recordingTransport();
    const error = await rejectionOf(call(transport, preferring({ status, name })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, operationId: op.operationId, code });
    expect(statuses(exchanges)).toEqual([{ status, violations: null }]);
  });

  it("documents an example for every error code it lists", () => {
    const named = new Set(errorExamples.map((e) => e.code));
    expect(op.errorCodes.filter((code) => !named.has(code))).toEqual([]);
  });
});
