import { describe, expect, inject, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { createBackendClient } from "../../src/server/backend-client.js";
import { OrgauthError } from "../../src/shared/orgauth-error.js";
import { ApiError } from "../../src/transport/index.js";
import { backendCalls, callClient } from "./backend-requests.js";
import { errorExamplesOf, preferring, recordingFetch, rejectionOf, successExamplesOf } from "./prism-calls.js";

/**
 * Every operation of the contract's backend area through `createBackendClient` against Prism serving the contract:
 * the request is built from the contract (test/contract/backend-requests.ts), so an operation added there is called
 * here without a row of its own. Each answers its first success example, validated, sent to the backend URL with the
 * integration API key and the auth URL's host name in `X-Propelauth-url`, with no violation; a 404 of a single fetch
 * resolves `null`, any other error example is an `ApiError` with the code its status maps to.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const calls = backendCalls(contract);
const API_KEY = "test-integration-api-key";
const AUTH_URL = "https://Auth.Example.com:8443/some/path";

/** A backend client to Prism whose exchanges are recorded. */
function recordingClient() {
  const { fetch, exchanges } = recordingFetch();
  const client = createBackendClient({ authUrl: AUTH_URL, apiKey: API_KEY, backendUrl: inject("prismUrl"), fetch });
  const sent = () =>
    exchanges.map(({ request, status, violations }) => ({
      url: request.url.slice(0, inject("prismUrl").length),
      authorization: request.headers.get("Authorization"),
      project: request.headers.get("X-Propelauth-url"),
      status,
      violations,
    }));
  return { client, sent };
}

const sentAs = (status: number) => ({
  url: inject("prismUrl"),
  authorization: `Bearer ${API_KEY}`,
  project: "auth.example.com",
  status,
  violations: null,
});

it("calls every backend operation of the contract, each with a request the contract gives", () => {
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((c) => !c.op.operationId.startsWith("backend")).map((c) => c.op.operationId)).toEqual([]);
  expect(calls.flatMap((c) => c.missing.map((m) => `${c.op.operationId}: ${m}`))).toEqual([]);
  const client = createBackendClient({ authUrl: AUTH_URL, apiKey: API_KEY });
  expect(Object.keys(client).sort()).toEqual(calls.map((c) => c.method).sort());
});

describe.each(calls.map((c) => [c.op.method, c.op.path, c.method, c] as const))("%s %s (%s)", (_m, _p, _n, call) => {
  const [success] = successExamplesOf(contract, call.op, true);

  it.runIf(success)(
    "answers its first success example, validated, sent with the key and the project's host name",
    async () => {
      const { client, sent } = recordingClient();
      const data = await callClient(client, call, preferring(success!));
      expect(data).toEqual(success!.hasBody ? success!.value : undefined);
      expect(sent()).toEqual([sentAs(success!.status)]);
    },
  );

  const [error] = errorExamplesOf(contract, call.op).filter((e) => e.status === 404 || !call.op.notFoundIsNull);
  it.runIf(error)("answers an error example with its typed outcome", async () => {
    const { client, sent } = recordingClient();
    const { status, name, code } = error!;
    if (call.op.notFoundIsNull && status === 404) {
      await expect(callClient(client, call, preferring({ status, name }))).resolves.toBeNull();
    } else {
      const rejected = await rejectionOf(callClient(client, call, preferring({ status, name })));
      expect(rejected).toBeInstanceOf(ApiError);
      expect(rejected).toBeInstanceOf(OrgauthError);
      expect(rejected).toMatchObject({ status, code, operationId: call.op.operationId });
    }
    expect(sent()).toEqual([sentAs(status)]);
  });
});
