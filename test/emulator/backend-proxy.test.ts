import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { createBackendClient } from "../../src/server/backend-client.js";
import { backendCalls, callClient } from "../contract/backend-requests.js";
import { type Exchange, exchanges } from "./harness.js";
import { sharedEmulator } from "./vendor-backend.js";

/**
 * Every backend operation of the contract (read from it, with the request it documents — its examples name the demo
 * seed's Ada and Acme) sent by orgauth's client to the stage's demo-seeded emulator through Prism's validating proxy,
 * each from the seed (reset after every mutation): Prism sees no violation, in the request or the emulator's answer, and no answer is a 5xx. The
 * vendor-library files check the same proxy with each call's effect; this file makes sure no operation the
 * contract adds is left out of it.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const calls = backendCalls(contract);
const emulator = sharedEmulator();
const mine: Exchange[] = [];

const client = createBackendClient({
  authUrl: emulator.authUrl,
  apiKey: emulator.apiKey,
  backendUrl: inject("vendorProxyUrl"),
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    const request = new Request(input, init);
    const problem = response.headers.get("content-type")?.includes("problem+json")
      ? await response.clone().text()
      : null;
    const exchange = {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      violation: response.headers.get("sl-violations") ?? problem,
    };
    exchanges.push(exchange);
    mine.push(exchange);
    return response;
  },
});

beforeAll(() => emulator.reset());
afterAll(() => {
  const refused = mine.filter((e) => e.status >= 300).map((e) => `${e.method} ${e.path} ${e.status}`);
  console.log(
    `[backend proxy] ${mine.length} calls of ${calls.length} operations through Prism's validating proxy, ` +
      `${mine.length - refused.length} answered 2xx, ${mine.filter((e) => e.violation !== null).length} violations; ` +
      `refused as documented: ${refused.join(", ")}`,
  );
});

it("has a request for every backend operation of the contract", () => {
  expect(calls.flatMap((c) => c.missing.map((m) => `${c.op.operationId}: ${m}`))).toEqual([]);
});

describe.each(calls.map((c) => [c.op.method, c.op.path, c.method, c] as const))("%s %s (%s)", (_m, _p, _n, call) => {
  it("passes Prism's validating proxy both ways, never a 5xx", async () => {
    const from = mine.length;
    await callClient(client, call).catch(() => undefined); // a documented refusal is an outcome like any other
    if (call.op.kind === "mutation") await emulator.reset(); // the next call starts from the seed again
    const sent = mine.slice(from);
    expect(sent).toHaveLength(1);
    expect(sent.map(({ violation, status }) => ({ violation, server: status >= 500 }))).toEqual([
      { violation: null, server: false },
    ]);
  });
});
