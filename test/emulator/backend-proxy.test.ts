import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { DEMO_IDS } from "../../src/emulator/index.js";
import { createBackendClient } from "../../src/server/backend-client.js";
import { isApiError } from "../../src/transport/errors.js";
import { type BackendCall, backendCalls, callClient } from "../contract/backend-requests.js";
import { collectIds, creatorsOf, exampleSeed, variants } from "./backend-example-state.js";
import { type Exchange, exchanges } from "./harness.js";
import { adminApi, sharedEmulator } from "./vendor-backend.js";

/**
 * Every backend operation of the contract (read from it, with the request it documents — its examples name the demo
 * seed's Ada and Acme) sent by orgauth's client to the stage's demo-seeded emulator through Prism's validating proxy,
 * each from the seed (reset after every mutation): Prism sees no violation, in the request or the emulator's answer,
 * and no answer is a 5xx. Then every operation reaches a success answer at least once: one the seed refused is sent
 * again with what its example names made to exist (backend-example-state.ts), still through the proxy. The
 * vendor-library files check the same proxy with each call's effect; this file makes sure no operation the contract
 * adds is left out of it.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const calls = backendCalls(contract);
const emulator = sharedEmulator();
const admin = adminApi(inject("vendorEmulator"));
const mine: Exchange[] = [];
/** Each operation's status from the seed; the ids its answers from the seed held, by name. */
const fromSeed = new Map<BackendCall, number>();
const seenIds = new Map<string, Set<string>>();

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

/**
 * Sends `call` (with `request` instead of its example, when given) and checks its one exchange: that exchange, the
 * answer, and the field errors when it was refused.
 */
async function send(
  call: BackendCall,
  request?: unknown,
): Promise<{ exchange: Exchange; answer: unknown; refusedFields: string[] }> {
  const from = mine.length;
  let answer: unknown;
  const error = await callClient(client, request === undefined ? call : { ...call, request: request as never }).then(
    (data) => {
      answer = data;
    },
    (failure: unknown) => failure, // a documented refusal is an outcome like any other
  );
  const sent = mine.slice(from);
  expect(sent).toHaveLength(1);
  expect(sent.map(({ violation, status }) => ({ violation, server: status >= 500 }))).toEqual([
    { violation: null, server: false },
  ]);
  return { exchange: sent[0]!, answer, refusedFields: isApiError(error) ? Object.keys(error.fieldErrors) : [] };
}

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
    const { exchange, answer } = await send(call);
    fromSeed.set(call, exchange.status);
    collectIds(answer, seenIds);
    if (call.op.kind === "mutation") await emulator.reset(); // the next call starts from the seed again
  });
});

describe.each(calls.map((c) => [c.method, c] as const))("%s", (_n, call) => {
  it("reaches a success answer: from the seed, or with what its example names made to exist", async () => {
    if ((fromSeed.get(call) ?? 300) < 300) return; // answered 2xx from the seed above
    const known = new Set<string>([...Object.values(DEMO_IDS), ...[...seenIds.values()].flatMap((ids) => [...ids])]);
    const seed = exampleSeed(calls, known);
    const ids = new Map(seenIds);
    ids.set("user_id", new Set([...(seenIds.get("user_id") ?? []), ...(seed.users ?? []).flatMap((u) => u.id ?? [])]));
    const attempt = async (request?: unknown) => {
      await emulator.reset();
      await admin("/seed", "POST", seed);
      for (const creator of creatorsOf(calls, call, known)) await send(creator);
      return send(call, request);
    };
    let outcome = await attempt();
    for (const request of variants(call, outcome.refusedFields, ids)) {
      if (outcome.exchange.status < 300) break;
      outcome = await attempt(request);
    }
    await emulator.reset();
    expect(outcome.exchange.status, `${call.method}: ${outcome.exchange.method} ${outcome.exchange.path}`).toBeLessThan(
      300,
    );
  });
});
