import { describe, expect, inject, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { buildOperations, calledOperations } from "../../scripts/codegen/model.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import { oauthUserinfo, ssrAuthorizeUrl } from "../../src/generated/server-operations.js";
import { ApiError, RequestValidationError } from "../../src/transport/index.js";
import { ServerConfigurationError, createServerTransport } from "../../src/transport/server-transport.js";
import {
  errorExamplesOf,
  examplesOf,
  type PrismExchange,
  preferring,
  recordingFetch,
  rejectionOf,
  successExamplesOf,
} from "./prism-calls.js";
import { missingRequestLine } from "./missing-request.js";
import { TEST_ACCESS_TOKEN, serverCalls } from "./server-calls.js";

/**
 * The server's calls against Prism serving our own contract, through the server transport: every success and error
 * example comes back typed and validated, Prism (which checks the bearer security schemes) finds no violation, and
 * every request carries the API key (or, for userinfo, the access token) as its bearer, no CSRF header and no
 * browser credentials. The authorize navigation is a URL builder: its URLs are what Prism's validator accepts.
 */
const contract = await loadContract(`${repoRoot}/openapi/auth-api.yaml`);
const all = buildOperations(contract).filter((op) => op.surface === "server");
const operations = calledOperations(all);
const API_KEY = "test-integration-api-key";

/** A server transport to Prism whose exchanges are recorded. */
function recordingTransport() {
  const { fetch, exchanges } = recordingFetch();
  const transport = createServerTransport({
    authUrl: inject("prismUrl"),
    apiKey: API_KEY,
    logger: { warn: () => undefined },
    fetch,
  });
  return { transport, exchanges };
}

/** What each exchange sent (bearer, CSRF header, credentials mode) and what Prism answered. */
const sentOf = (exchanges: PrismExchange[]) =>
  exchanges.map(({ request, credentials, status, violations }) => ({
    authorization: request.headers.get("Authorization"),
    csrf: request.headers.get("X-CSRF-Token"),
    credentials,
    status,
    violations,
  }));

const callable = operations.filter((op) => Object.hasOwn(serverCalls, op.operationId));

it("covers every server call of the contract, and the contract has the authorize navigation", () => {
  const missing = operations.filter((op) => !callable.includes(op));
  expect(missing.map((op) => missingRequestLine(op.operationId, "test/contract/server-calls.ts"))).toEqual([]);
  expect(Object.keys(serverCalls).sort()).toEqual(operations.map((o) => o.operationId).sort());
  expect(all.filter((op) => op.kind === "navigation").map((op) => op.operationId)).toEqual(["ssrAuthorize"]);
});

// an operation without a valid call is the one failure above, not a failure of each test below
describe.each(callable)("$method $path ($operationId)", (op) => {
  const call = serverCalls[op.operationId as keyof typeof serverCalls];
  const bearer = op.bearer === "accessToken" ? `Bearer ${TEST_ACCESS_TOKEN}` : `Bearer ${API_KEY}`;
  const sentAs = (status: number) => ({
    authorization: bearer,
    csrf: null,
    credentials: undefined,
    status,
    violations: null,
  });

  it.each(successExamplesOf(contract, op, true))(
    "returns success example $name ($status), validated, sent with its bearer",
    async (example) => {
      const { transport, exchanges } = recordingTransport();
      const data = await call(transport, preferring(example));
      expect(data).toEqual(example.hasBody ? example.value : undefined);
      expect(sentOf(exchanges)).toEqual([sentAs(example.status)]);
    },
  );

  const errorExamples = errorExamplesOf(contract, op);

  it.each(errorExamples)("answers example $name ($status) with a typed ApiError", async ({ status, name, code }) => {
    const { transport, exchanges } = recordingTransport();
    const error = await rejectionOf(call(transport, preferring({ status, name })));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, operationId: op.operationId, code });
    expect(sentOf(exchanges)).toEqual([sentAs(status)]);
  });

  it("documents an example for every error code it lists", () => {
    const named = new Set(errorExamples.map((e) => e.code));
    expect(op.errorCodes.filter((code) => !named.has(code))).toEqual([]);
  });
});

describe("the server transport", () => {
  it("refuses a missing or blank API key before anything is sent", () => {
    for (const apiKey of ["", "  ", "two words"]) {
      expect(() => createServerTransport({ authUrl: inject("prismUrl"), apiKey })).toThrow(ServerConfigurationError);
    }
    expect(() => createServerTransport({ authUrl: inject("prismUrl"), apiKey: "" })).toThrow(
      expect.objectContaining({ type: "server_configuration", option: "apiKey" }),
    );
  });

  it("refuses an empty access token for userinfo with a rejection, sending nothing", async () => {
    const { transport, exchanges } = recordingTransport();
    await expect(oauthUserinfo(transport, { accessToken: "" })).rejects.toBeInstanceOf(RequestValidationError);
    expect(exchanges).toEqual([]);
  });

  it("keeps the API key out of userinfo (the access token is its only bearer)", async () => {
    const { transport, exchanges } = recordingTransport();
    await serverCalls.oauthUserinfo(transport);
    expect(sentOf(exchanges)[0]?.authorization).toBe(`Bearer ${TEST_ACCESS_TOKEN}`);
  });
});

describe("ssrAuthorizeUrl (GET /propelauth/ssr/authorize)", () => {
  const query = { redirect_uri: "https://app.example.com/api/auth/callback?x=1&y=2", state: "a".repeat(64) };

  it("builds the URL on the auth host's origin with every parameter encoded, extras passed through", () => {
    const url = new URL(ssrAuthorizeUrl("https://auth.example.com/some/path", { ...query, signup: true, lang: "fr" }));
    expect(url.origin + url.pathname).toBe("https://auth.example.com/propelauth/ssr/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...query, signup: "true", lang: "fr" });
  });

  it("refuses a missing redirect_uri or state with a typed error", () => {
    const build = (q: Record<string, string | undefined>) => () =>
      ssrAuthorizeUrl("https://auth.example.com", q as Parameters<typeof ssrAuthorizeUrl>[1]);
    expect(build({ state: "s" })).toThrow(RequestValidationError);
    expect(build({ redirect_uri: "https://app.example.com/cb", state: "" })).toThrow(/state/);
  });

  const outcomes = [
    { prefer: "code=200, example=login_page", status: 200 },
    { prefer: "code=302", status: 302 },
    ...examplesOf(contract, all.find((op) => op.operationId === "ssrAuthorize")!, 400, "text/html").map(([name]) => ({
      prefer: `code=400, example=${name}`,
      status: 400,
    })),
  ];

  it.each(outcomes)("is a URL Prism's validator accepts ($prefer)", async ({ prefer, status }) => {
    const url = ssrAuthorizeUrl(inject("prismUrl"), { ...query, signup: false });
    const response = await fetch(url, { redirect: "manual", headers: { Prefer: prefer } });
    await response.body?.cancel();
    expect(response.status).toBe(status);
    expect(response.headers.get("sl-violations")).toBeNull();
    if (status === 302)
      expect(response.headers.get("Location")).toMatch(/^https:\/\/app\.example\.com\/api\/auth\/callback\?/);
  });
});
