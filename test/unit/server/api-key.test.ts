/**
 * End-user API keys on the app's own API: `validateRequestApiKey` reads `Authorization: Bearer <key>` from a standard
 * Request, the auth host validates it, and the app gets the owner typed — or an ApiKeyError whose reason says why not.
 */
import { describe, expect, it } from "vitest";
import {
  ApiError,
  ApiKeyError,
  type BackendClient,
  createBackendClient,
  validateApiKey,
  validateRequestApiKey,
} from "../../../src/server/index.js";

const ADA = {
  user_id: "2a0981ee-7d41-4b5f-bfeb-fcfb65e4a5ec",
  email: "ada@acme.example",
  email_confirmed: true,
  has_password: true,
  locked: false,
  enabled: true,
  mfa_enabled: false,
  can_create_orgs: true,
  created_at: 1735689600,
  last_active_at: 1763800000,
  first_name: "Ada",
};
const ACME = { org_id: "db3d2259-de43-402a-ab06-0de8cd905202", org_name: "Acme Inc.", metadata: { tier: "gold" } };
const ADA_IN_ACME = {
  org_id: ACME.org_id,
  org_name: "Acme Inc.",
  url_safe_org_name: "acme-inc",
  org_metadata: {},
  user_role: "Admin",
  inherited_user_roles_plus_current_role: ["Admin", "Member"],
  user_permissions: ["can_invite"],
  org_role_structure: "single_role_in_hierarchy",
  additional_roles: [],
};

/** A backend client whose validate call answers `status` with `body`, recording the tokens it was sent. */
function backendAnswering(status: number, body: unknown): { backend: BackendClient; tokens: string[] } {
  const tokens: string[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    tokens.push((JSON.parse(String(init?.body)) as { api_key_token: string }).api_key_token);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return { backend: createBackendClient({ authUrl: "https://auth.example.com", apiKey: "k", fetch }), tokens };
}

const withKey = (authorization?: string) =>
  new Request("https://app.example.com/api/things", authorization ? { headers: { Authorization: authorization } } : {});

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => error,
  );

describe("validateRequestApiKey", () => {
  it("answers a personal key with its user, mapped like the rest of orgauth/server", async () => {
    const { backend, tokens } = backendAnswering(200, {
      metadata: { purpose: "cli" },
      user_id: ADA.user_id,
      user: ADA,
    });
    const owner = await validateRequestApiKey(backend, withKey("Bearer 9c1d2e3f"));
    expect(tokens).toEqual(["9c1d2e3f"]);
    expect(owner).toMatchObject({
      kind: "personal",
      metadata: { purpose: "cli" },
      user: { userId: ADA.user_id, email: ADA.email, firstName: "Ada", hasMfaEnabled: false },
      orgIdToOrgMembership: {},
    });
  });

  it("answers an org key with its org, and the user and membership it names (with role checks)", async () => {
    const { backend } = backendAnswering(200, { metadata: null, org: ACME, user: ADA, user_in_org: ADA_IN_ACME });
    const owner = await validateRequestApiKey(backend, withKey("bearer   9c1d2e3f"));
    expect(owner.kind).toBe("org");
    if (owner.kind !== "org") return;
    expect(owner.org).toEqual({ orgId: ACME.org_id, orgName: "Acme Inc.", metadata: { tier: "gold" } });
    expect(owner.user?.userId).toBe(ADA.user_id);
    expect(owner.membership?.isAtLeastRole("Member")).toBe(true);
    expect(owner.metadata).toEqual({});
  });

  it("answers a key with no owner as generic", async () => {
    const { backend } = backendAnswering(200, { metadata: { made: "backend" } });
    expect(await validateRequestApiKey(backend, withKey("Bearer abc"))).toEqual({
      kind: "generic",
      metadata: { made: "backend" },
    });
  });

  it("refuses a request without a key, or with another scheme, sending nothing", async () => {
    const { backend, tokens } = backendAnswering(200, {});
    expect(await refusal(validateRequestApiKey(backend, withKey()))).toMatchObject({ reason: "missing" });
    expect(await refusal(validateRequestApiKey(backend, withKey("Basic YTpi")))).toMatchObject({ reason: "malformed" });
    expect(await refusal(validateRequestApiKey(backend, withKey("Bearer a b")))).toMatchObject({ reason: "malformed" });
    expect(await refusal(validateApiKey(backend, "Bearer "))).toMatchObject({ reason: "missing" });
    expect(tokens).toEqual([]);
  });

  it.each([
    ["API key not found", "unknown"],
    ["API key expired", "expired"],
    ["API key deleted", "deleted"],
    ["Invalid API key", "unknown"],
  ])("refuses a key the auth host answers %j with reason %s", async (message, reason) => {
    const { backend } = backendAnswering(400, { api_key_token: [message] });
    const error = await refusal(validateRequestApiKey(backend, withKey("Bearer 9c1d2e3f")));
    expect(error).toBeInstanceOf(ApiKeyError);
    expect(error).toMatchObject({ type: "api_key", reason });
    expect((error as ApiKeyError).cause).toBeInstanceOf(ApiError);
  });

  it("refuses a key used too often with the wait the auth host asks for", async () => {
    const { backend } = backendAnswering(429, { wait_seconds: 30, user_facing_error: "Too many requests" });
    expect(await refusal(validateApiKey(backend, "9c1d2e3f"))).toMatchObject({
      reason: "rate_limited",
      retryAfterMs: 30_000,
    });
  });

  it("lets a failure that is not the key's through as the call's ApiError (a wrong integration API key)", async () => {
    const { backend } = backendAnswering(401, "Unauthorized");
    const error = await refusal(validateApiKey(backend, "9c1d2e3f"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "invalid_api_key", operationId: "backendValidateApiKey" });
  });
});
