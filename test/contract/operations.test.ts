import { describe, expect, inject, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { browserOperations, buildOperations } from "../../scripts/codegen/model.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { ApiError, createTransport } from "../../src/transport/index.js";
import { validCalls } from "./calls.js";

/**
 * Every operation against Prism serving our own contract: the default and every named success example come back
 * typed and validated, every documented error example becomes an ApiError with its code, and Prism finds no
 * violation in any request we send.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const operations = browserOperations(buildOperations(contract));

interface Exchange {
  status: number;
  violations: string | null;
}

function recordingTransport() {
  const exchanges: Exchange[] = [];
  const transport = createTransport({
    authUrl: inject("prismUrl"),
    logger: { warn: () => undefined },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      exchanges.push({ status: response.status, violations: response.headers.get("sl-violations") });
      return response;
    },
  });
  return { transport, exchanges };
}

function examplesOf(operationId: string, status: number): [string, { value?: unknown }][] {
  const op = operations.find((o) => o.operationId === operationId)!;
  const path = contract.document.paths[op.path];
  const response = contract.resolve(path[op.method.toLowerCase()].responses[String(status)]);
  return Object.entries(response.content?.["application/json"]?.examples ?? {}).map(([name, example]) => [
    name,
    contract.resolve(example as object),
  ]);
}

it("covers every browser operation of the contract (server-operations.test.ts covers the server's)", () => {
  expect(Object.keys(validCalls).sort()).toEqual(operations.map((o) => o.operationId).sort());
});

describe.each(operations)("$method $path ($operationId)", (op) => {
  const call = validCalls[op.operationId as keyof typeof validCalls];
  const success = op.successResponses[0]!;

  it(`returns the default ${success.status} example, validated`, async () => {
    const { transport, exchanges } = recordingTransport();
    const data = await call(transport);
    const [, first] = examplesOf(op.operationId, success.status)[0] ?? [];
    expect(data).toEqual(success.schema ? first?.value : undefined);
    expect(exchanges).toEqual([{ status: success.status, violations: null }]);
  });

  const successExamples = op.successResponses.flatMap((response) =>
    examplesOf(op.operationId, response.status).map(([name, example]) => ({
      status: response.status,
      name,
      value: example.value,
      hasBody: Boolean(response.schema),
    })),
  );

  it.each(successExamples)(
    "returns success example $name ($status), validated",
    async ({ status, name, value, hasBody }) => {
      const { transport, exchanges } = recordingTransport();
      const data = await call(transport, { headers: { Prefer: `code=${status}, example=${name}` } });
      expect(data).toEqual(hasBody ? value : undefined);
      expect(exchanges).toEqual([{ status, violations: null }]);
    },
  );

  const errorExamples = op.errorResponses.flatMap((response) =>
    examplesOf(op.operationId, response.status).map(([name, example]) => ({
      status: response.status,
      name,
      value: example.value as { error_code: string },
    })),
  );

  it.each(errorExamples)("answers example $name ($status) with a typed ApiError", async ({ status, name, value }) => {
    const { transport, exchanges } = recordingTransport();
    const error = await call(transport, { headers: { Prefer: `code=${status}, example=${name}` } }).then(
      () => expect.fail("expected an ApiError"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, operationId: op.operationId, code: value.error_code });
    expect(exchanges).toEqual([{ status, violations: null }]);
  });

  it("documents an example for every error code it lists", () => {
    const named = new Set(errorExamples.map((e) => e.value.error_code));
    expect(op.errorCodes.filter((code) => !named.has(code))).toEqual([]);
  });
});
