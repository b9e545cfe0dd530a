/**
 * Seeded property-based run (fast-check): generated bodies — mutations of the contract's own examples, arbitrary
 * JSON, arbitrary text and raw bytes — served over real HTTP with 2xx and 4xx (and 5xx) statuses to three fe
 * operations and the refresh call. Every outcome must be a contract-valid value or one of the library's typed
 * errors. Replay a failure with FUZZ_SEED=<seed> (fast-check prints the seed and the shrunk counterexample).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOrgSettings, listOrgMembers, login } from "../../src/generated/operations.js";
import type { OperationCaller } from "../../src/transport/index.js";
import { createAuthClient, createServerEnvironment, RefreshError, type AuthClient } from "../../src/session/index.js";
import { ApiError, ResponseValidationError, createTransport, type Transport } from "../../src/transport/index.js";
import { EXAMPLES } from "./examples.js";
import { expectCleanProcess, guardProcess } from "./guards.js";
import { descriptorOf, isContractValid } from "./operations.js";

/** The seed of the recorded run (README); override with FUZZ_SEED to explore further. */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** Generated bodies served (each run serves one). */
const RUNS = 6_000;

guardProcess();
let server: Server;
let answer: { status: number; body: Buffer } = { status: 200, body: Buffer.alloc(0) };
let served = 0;
let transport: Transport;
let client: AuthClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      served++;
      const noBody = answer.status === 204;
      res.writeHead(answer.status, noBody ? {} : { "Content-Type": "application/json" });
      res.end(noBody ? undefined : answer.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  transport = createTransport({ authUrl: url, timeoutMs: 5_000, logger: { warn: () => undefined } });
  client = createAuthClient({
    authUrl: url,
    environment: createServerEnvironment({ isBrowser: true }),
    retryDelaysMs: [],
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  client.destroy();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

type Target = "getOrgSettings" | "login" | "listOrgMembers" | "refreshToken";
const TARGETS: readonly Target[] = ["getOrgSettings", "login", "listOrgMembers", "refreshToken"];
const CALLS: Record<Exclude<Target, "refreshToken">, (t: OperationCaller) => Promise<unknown>> = {
  getOrgSettings: (t) => getOrgSettings(t, { query: { org_id: "o1" } }),
  login: (t) => login(t, { body: { email: "ada@example.com", password: "pw" } }),
  listOrgMembers: (t) => listOrgMembers(t, { path: { orgId: "o1" }, query: { page_number: 0 } }),
};
const STATUSES = [200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 502, 503] as const;

/** Every example the contract gives for `target`, success and error alike. */
const examplesOf = (target: Target): unknown[] => [...(EXAMPLES.get(target)?.values() ?? [])].flat();

/** Where a mutation applies: every path to a value inside `root` (the root included). */
function pathsIn(root: unknown): (string | number)[][] {
  const paths: (string | number)[][] = [[]];
  const pending: [unknown, (string | number)[]][] = [[root, []]];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const [value, path] = item;
    if (!value || typeof value !== "object") continue;
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      const child = [...path, key];
      paths.push(child);
      pending.push([(value as Record<string | number, unknown>)[key], child]);
    }
  }
  return paths;
}

type Mutation = { at: number; change: "delete" | "replace" | "proto" | "nest" | "duplicate"; value: unknown };

/** Applies one mutation to a deep copy of `root` at the `at`-th path (modulo the number of paths). */
function mutate(root: unknown, { at, change, value }: Mutation): unknown {
  const copy = structuredClone(root);
  const paths = pathsIn(copy);
  const path = paths[at % paths.length]!;
  if (path.length === 0) return change === "nest" ? [copy] : change === "replace" ? value : copy;
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  if (change === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (change === "replace") parent[key] = value;
  else if (change === "nest") parent[key] = { [String(key)]: parent[key] };
  else if (change === "duplicate") parent[key] = [parent[key], parent[key]];
  else
    Object.defineProperty(parent, "__proto__", {
      value: { polluted: "yes", ...(value && typeof value === "object" ? value : {}) },
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return copy;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  change: fc.constantFrom("delete", "replace", "proto", "nest", "duplicate"),
  value: fc.jsonValue({ maxDepth: 3 }),
});

/** A body for `target`: a mutated contract example, arbitrary JSON, arbitrary text, or raw bytes. */
const bodyArb = (target: Target): fc.Arbitrary<Buffer> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...examplesOf(target)), fc.array(mutationArb, { maxLength: 4 }))
        .map(([example, mutations]) => Buffer.from(JSON.stringify(mutations.reduce(mutate, example)))),
    },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? "null")) },
    { weight: 1, arbitrary: fc.string({ unit: "binary" }).map((text) => Buffer.from(text)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
  );

const caseArb = fc
  .constantFrom(...TARGETS)
  .chain((target) =>
    fc.record({ target: fc.constant(target), status: fc.constantFrom(...STATUSES), body: bodyArb(target) }),
  );

/** True when `error` is what the library promises for a failed fe call of `operationId` with `status`. */
function isTypedFeFailure(operationId: Target, status: number, error: unknown): boolean {
  if (error instanceof ResponseValidationError) return error.status === status && status >= 200 && status < 300;
  if (!(error instanceof ApiError) || error.status !== status || error.operationId !== operationId) return false;
  return error.code === "unexpected_error" || (descriptorOf(operationId).errorCodes ?? []).includes(error.code);
}

describe("seeded fuzz of response bodies", () => {
  it(`${RUNS} generated bodies: every outcome is contract-valid or a typed error (seed ${FUZZ_SEED})`, async () => {
    const servedBefore = served;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ target, status, body }) => {
        answer = { status, body };
        if (target === "refreshToken") {
          const outcome = await client.refresh().then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          if ("error" in outcome) return outcome.error instanceof RefreshError;
          return outcome.value === null
            ? status === 401
            : typeof outcome.value.accessToken === "string" && status >= 200 && status < 300;
        }
        const outcome = await CALLS[target](transport).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if ("error" in outcome) return isTypedFeFailure(target, status, outcome.error);
        return status >= 200 && status < 300 && isContractValid(target, outcome.value);
      }),
      { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(served - servedBefore).toBeGreaterThanOrEqual(5_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await expectCleanProcess();
  }, 600_000);
});
