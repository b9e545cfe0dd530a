/**
 * What the contract tests share: a fetch that records what each call sent to Prism and what Prism said of it, the
 * named examples of an operation's responses (Prism answers them on `Prefer: code=…, example=…`), and the rejection
 * of a call that must fail.
 */
import { expect, inject } from "vitest";
import type { Contract } from "../../scripts/codegen/contract.js";
import type { OperationModel } from "../../scripts/codegen/model.js";
import { createTransport } from "../../src/transport/index.js";
import { requestOf } from "../support/fetch-request.js";

/** One call as Prism saw it: the request sent, its `credentials` mode, the status, Prism's `sl-violations` header. */
export interface PrismExchange {
  request: Request;
  credentials: RequestCredentials | undefined;
  status: number;
  violations: string | null;
}

/** A fetch for a transport under test that records every exchange with Prism, in order. */
export function recordingFetch(): { fetch: typeof fetch; exchanges: PrismExchange[] } {
  const exchanges: PrismExchange[] = [];
  const recording: typeof fetch = async (input, init) => {
    const request = requestOf(input, init);
    const response = await fetch(input, init);
    exchanges.push({
      request,
      credentials: init?.credentials,
      status: response.status,
      violations: response.headers.get("sl-violations"),
    });
    return response;
  };
  return { fetch: recording, exchanges };
}

/** A browser transport to the run's Prism whose exchanges are recorded. */
export function recordingTransport() {
  const { fetch, exchanges } = recordingFetch();
  const transport = createTransport({ authUrl: inject("prismUrl"), logger: { warn: () => undefined }, fetch });
  return { transport, exchanges };
}

/** Status and violations of each exchange (what every contract call asserts: the expected status, no violation). */
export const statuses = (exchanges: PrismExchange[]) =>
  exchanges.map(({ status, violations }) => ({ status, violations }));

/** A named example of a response, resolved. */
export type NamedExample = [name: string, example: { value?: unknown }];

/** The named examples of `op`'s `status` response in `media` (by default its first media type), resolved. */
export function examplesOf(contract: Contract, op: OperationModel, status: number, media?: string): NamedExample[] {
  const response = contract.resolve(
    contract.document.paths[op.path][op.method.toLowerCase()].responses[String(status)],
  );
  const content = response.content?.[media ?? Object.keys(response.content ?? {})[0] ?? ""];
  return Object.entries(content?.examples ?? {}).map(([name, example]) => [name, contract.resolve(example as object)]);
}

/** A success example to ask Prism for. `hasBody`: the response has a schema (else the call resolves undefined). */
export interface SuccessExample {
  status: number;
  name: string;
  value: unknown;
  hasBody: boolean;
}

/**
 * Every named example of every success response of `op`; with `unnamed`, a response with no named example still
 * gets one row (name "(no body)"), asked for by its status alone.
 */
export function successExamplesOf(contract: Contract, op: OperationModel, unnamed = false): SuccessExample[] {
  return op.successResponses.flatMap((response) => {
    const named = examplesOf(contract, op, response.status);
    const rows: NamedExample[] = named.length || !unnamed ? named : [["(no body)", {}]];
    return rows.map(([name, example]) => ({
      status: response.status,
      name,
      value: example.value,
      hasBody: Boolean(response.schema),
    }));
  });
}

/**
 * Every named example of every error response of `op`, with the error code a client reads from it: the one its
 * status maps to (a backend call, whose bodies carry none), else the one its body names.
 */
export function errorExamplesOf(contract: Contract, op: OperationModel) {
  return op.errorResponses.flatMap((response) =>
    examplesOf(contract, op, response.status).map(([name, example]) => ({
      status: response.status,
      name,
      value: example.value,
      code: op.statusCodes?.[response.status] ?? (example.value as { error_code: string }).error_code,
    })),
  );
}

/** The `Prefer` header that makes Prism answer `example` (its status alone for a response without a body). */
export const preferring = ({ status, name, hasBody = true }: { status: number; name: string; hasBody?: boolean }) => ({
  headers: { Prefer: hasBody ? `code=${status}, example=${name}` : `code=${status}` },
});

/** What `call` rejects with; the test fails if it resolves. */
export const rejectionOf = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => expect.fail("expected the call to fail"),
    (error: unknown) => error,
  );
