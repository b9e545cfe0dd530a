/**
 * createBackendClient: where its calls go and with which headers (the provider's fixed backend host, the auth URL's
 * host name in X-Propelauth-url, the integration API key as bearer), and how each status of the provider's
 * error-code-free answers becomes a typed ApiError (or `null` for a single fetch of an unknown id).
 */
import { describe, expect, it, vi } from "vitest";
import { BackendUserSchema } from "../../../src/generated/zod/BackendUserSchema.js";
import {
  ApiError,
  createBackendClient,
  ResponseValidationError,
  ServerConfigurationError,
} from "../../../src/server/index.js";

const USER = "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec";
const ORG = "db3d2259-de43-402a-ab06-0de8cd905202";

/** A fetch that answers every call with `answer` and records the requests. */
function fakeFetch(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return answer();
  };
  return { fetch, requests };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain", ...headers } });

function clientAnswering(answer: () => Response, authUrl = "https://Auth.Example.com:8443/some/path") {
  const { fetch, requests } = fakeFetch(answer);
  return { client: createBackendClient({ authUrl, apiKey: "integration-key", fetch }), requests };
}

describe("the transport", () => {
  it("calls the provider's backend host with the auth URL's host name, the API key and JSON", async () => {
    const { client, requests } = clientAnswering(() => json(200, { org_id: ORG, name: "Acme" }));
    await client.fetchOrg({ path: { orgId: ORG } });
    const [request] = requests;
    expect(request?.url).toBe(`https://propelauth-api.com/api/backend/v1/org/${ORG}`);
    expect(request?.headers.get("X-Propelauth-url")).toBe("auth.example.com");
    expect(request?.headers.get("Authorization")).toBe("Bearer integration-key");
    expect(request?.headers.get("Content-Type")).toBe("application/json");
    expect(request?.headers.get("X-CSRF-Token")).toBeNull();
  });

  it("sends the calls to backendUrl when given, and to a loopback auth URL's own origin by default", async () => {
    const elsewhere = fakeFetch(() => json(200, {}));
    await createBackendClient({
      authUrl: "https://auth.example.com",
      apiKey: "k",
      backendUrl: "http://127.0.0.1:4021/ignored",
      fetch: elsewhere.fetch,
    }).deleteOrg({ path: { orgId: ORG } });
    expect(elsewhere.requests[0]?.url).toBe(`http://127.0.0.1:4021/api/backend/v1/org/${ORG}`);
    const { client, requests } = clientAnswering(() => json(200, {}), "http://localhost:4020");
    await client.deleteUser({ path: { userId: USER } });
    expect(requests[0]?.url).toBe(`http://localhost:4020/api/backend/v1/user/${USER}`);
    expect(requests[0]?.headers.get("X-Propelauth-url")).toBe("localhost");
  });

  it("sends the provider's paths, trailing slashes, query and JSON bodies as they are", async () => {
    const { client, requests } = clientAnswering(() => json(200, { user_id: USER }));
    await client.createUser({ body: { email: "grace@acme.example" } });
    await client.fetchUserByEmail({ query: { email: "a+b@acme.example", include_orgs: false } }).catch(() => null);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://propelauth-api.com/api/backend/v1/user/",
      "GET https://propelauth-api.com/api/backend/v1/user/email?email=a%2Bb%40acme.example&include_orgs=false",
    ]);
    expect(await requests[0]?.json()).toEqual({ email: "grace@acme.example" });
  });

  it("refuses an unusable auth URL, backend URL or API key before anything is sent", () => {
    for (const options of [
      { authUrl: "auth.example.com", apiKey: "k" },
      { authUrl: "ftp://auth.example.com", apiKey: "k" },
      { authUrl: "https://auth.example.com", apiKey: "k", backendUrl: "nowhere" },
      { authUrl: "https://auth.example.com", apiKey: " " },
    ]) {
      expect(() => createBackendClient(options)).toThrow(ServerConfigurationError);
    }
  });

  it("names the variable a missing auth URL or API key is read from (an unset variable is undefined)", () => {
    const unset = undefined as unknown as string;
    expect(() => createBackendClient({ authUrl: unset, apiKey: "k" })).toThrow(
      "authUrl: not set (undefined): is NEXT_PUBLIC_AUTH_URL set? (the emulator's start banner prints it)",
    );
    expect(() => createBackendClient({ authUrl: "https://auth.example.com", apiKey: unset })).toThrow(
      /^apiKey: not set \(undefined\): is PROPELAUTH_API_KEY set\?/,
    );
  });
});

describe("the answers' checks", () => {
  const user = {
    user_id: USER,
    email: "ada@acme.com",
    email_confirmed: true,
    has_password: true,
    locked: false,
    enabled: true,
    mfa_enabled: false,
    created_at: 1,
    last_active_at: 2,
    from_a_later_version: "dropped",
  };

  it("vouch for a well-formed answer without zod's parse, and leave a malformed one to it: the same error", async () => {
    const parse = vi.spyOn(BackendUserSchema, "safeParse");
    try {
      const { client } = clientAnswering(() => json(200, user));
      const { from_a_later_version: _, ...read } = user;
      expect(await client.fetchUserById({ path: { userId: USER } })).toStrictEqual(read);
      expect(parse).not.toHaveBeenCalled();
      const broken = clientAnswering(() => json(200, { ...user, created_at: 1.5 })).client;
      const error = await broken.fetchUserById({ path: { userId: USER } }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).toMatchObject({ operationId: "backendFetchUserById", issues: [{ path: ["created_at"] }] });
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe("the errors, by status (the backend's answers carry no error_code)", () => {
  it("reads a 400's field map per field (arrays of messages, or one string)", async () => {
    const { client } = clientAnswering(() =>
      json(400, { email: ["Email already exists", "Try another"], name: "Too long" }),
    );
    const error = await client.createUser({ body: { email: "ada@acme.example" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      operationId: "backendCreateUser",
      code: "invalid_request_fields",
      message: "Email already exists Try another",
      fieldErrors: { email: "Email already exists Try another", name: "Too long" },
      userFacingErrors: { email: "Email already exists Try another", name: "Too long" },
    });
  });

  it("makes a 400 that is no field map unexpected_error", async () => {
    for (const body of ["<html>bad gateway</html>", '{"email": {"nested": true}}']) {
      const { client } = clientAnswering(() => text(400, body));
      const error = await client.createOrg({ body: { name: "Acme" } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: "unexpected_error" });
    }
  });

  it("answers a single fetch of an unknown id with null, and a mutation on one with not_found", async () => {
    const { client } = clientAnswering(() => text(404, "Not found"));
    expect(await client.fetchUserById({ path: { userId: USER } })).toBeNull();
    expect(await client.fetchOrg({ path: { orgId: ORG } })).toBeNull();
    expect(await client.fetchApiKey({ path: { apiKeyId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0" } })).toBeNull();
    const error = await client.disableUser({ path: { userId: USER } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, operationId: "backendDisableUser", code: "not_found" });
  });

  it("makes a 429 rate_limit_exceeded with the raw text as message and Retry-After as the wait", async () => {
    const { client } = clientAnswering(() => text(429, "Slow down", { "Retry-After": "7" }));
    const error = await client.queryUsers().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: "rate_limit_exceeded", message: "Slow down", retryAfterMs: 7000 });
  });

  it("makes a 401 invalid_api_key whatever its body, and an undocumented status unexpected_error", async () => {
    const unauthorized = clientAnswering(() => text(401, "Unauthorized"));
    await expect(unauthorized.client.fetchOrg({ path: { orgId: ORG } })).rejects.toMatchObject({
      status: 401,
      code: "invalid_api_key",
    });
    const disabled = clientAnswering(() => text(426, "B2B not enabled"));
    await expect(disabled.client.fetchOrg({ path: { orgId: ORG } })).rejects.toMatchObject({
      status: 426,
      code: "unexpected_error",
    });
  });

  it("maps the access-token call's 403 to user_not_found and its 404 to action_disabled", async () => {
    const body = { user_id: USER, duration_in_minutes: 5 };
    await expect(clientAnswering(() => text(403, "")).client.createAccessToken({ body })).rejects.toMatchObject({
      code: "user_not_found",
    });
    await expect(clientAnswering(() => json(404, {})).client.createAccessToken({ body })).rejects.toMatchObject({
      code: "action_disabled",
    });
  });
});
