import { generateKeyPair, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AccessTokenError,
  createServerAuth,
  type ServerAuth,
  ServerConfigurationError,
} from "../../../src/server/index.js";
import {
  API_KEY,
  createFakeAuthHost,
  appOptions,
  type FakeAuthHost,
  hostWithAuth,
  memberInfo,
  REDIRECT_URI,
  userClaims,
} from "./fake-auth-host.js";

let host: FakeAuthHost;
let auth: ServerAuth;

beforeAll(async () => {
  ({ host, auth } = await hostWithAuth((fake) => ({ authUrl: `${fake.issuer}/some/path` })));
});

/** The reason a token is refused for. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AccessTokenError);
  expect((error as AccessTokenError).type).toBe("access_token");
  return (error as AccessTokenError).reason;
}

describe("verifyAccessToken with the verifier key (no network)", () => {
  it("builds the user from the claims of a user token", async () => {
    const token = await host.sign(userClaims({ impersonator_user_id: "imp-1", legacy_user_id: "legacy-7" }));
    const user = await auth.verifyAccessToken(token);
    expect(user).toMatchObject({
      userId: "6f1c1f54-3c1b-4a59-9a55-1b3c7c1e2a10",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      username: "ada",
      legacyUserId: "legacy-7",
      properties: { favourite: "engines" },
      loginMethod: { loginMethod: "password" },
      impersonatorUserId: "imp-1",
      accessToken: token,
    });
    expect(user.activeOrgId).toBeUndefined();
    expect(Object.keys(user.orgIdToOrgMembership)).toEqual(["org-a", "org-b"]);
    expect(user.getOrg("org-a")).toMatchObject({
      orgName: "Org org-a",
      urlSafeOrgName: "org-org-a",
      orgMetadata: { plan: "pro" },
      userAssignedRole: "Admin",
      orgRoleStructure: "single_role_in_hierarchy",
    });
    expect(user.isImpersonating()).toBe(true);
    expect(user.getProperty("favourite")).toBe("engines");
    expect(user.getProperty("toString")).toBeUndefined();
    expect(user.expiresAtSeconds).toBeGreaterThan(Date.now() / 1000);
    expect(host.calls).toEqual([]);
  });

  it("reads an org token's one membership as the active org", async () => {
    const { org_id_to_org_member_info: _, ...claims } = userClaims();
    const user = await auth.verifyAccessToken(await host.sign({ ...claims, org_member_info: memberInfo("org-z") }));
    expect(user.activeOrgId).toBe("org-z");
    expect(user.getActiveOrg()?.orgId).toBe("org-z");
    expect(user.getOrgs().map((org) => org.orgId)).toEqual(["org-z"]);
  });

  it("leaves out what the token does not carry", async () => {
    const user = await auth.verifyAccessToken(
      await host.sign({ user_id: "u1", email: "e@example.com", org_id_to_org_member_info: {} }),
    );
    for (const field of ["firstName", "lastName", "username", "properties", "impersonatorUserId", "activeOrgId"]) {
      expect(Object.hasOwn(user, field), field).toBe(false);
    }
    expect(user.loginMethod).toEqual({ loginMethod: "unknown" });
    expect(user.getOrgs()).toEqual([]);
    expect(user.isImpersonating()).toBe(false);
    // the browser user's fields a token never carries are not on the server user
    for (const field of ["pictureUrl", "hasPassword", "hasMfaEnabled", "canCreateOrgs", "createdAt"]) {
      expect(field in user, field).toBe(false);
    }
  });

  it("reads every login method the provider's backend library knows", async () => {
    const methods: [Record<string, unknown>, unknown][] = [
      [{ login_method: "magic_link" }, { loginMethod: "magic_link" }],
      [
        { login_method: "social_sso", provider: "Google" },
        { loginMethod: "social_sso", provider: "Google" },
      ],
      [
        { login_method: "saml_sso", provider: "Okta", org_id: "org-a" },
        { loginMethod: "saml_sso", provider: "Okta", orgId: "org-a" },
      ],
      [{ login_method: "impersonation" }, { loginMethod: "impersonation" }],
      [{ login_method: "something_new" }, { loginMethod: "unknown" }],
    ];
    for (const [claim, expected] of methods) {
      const user = await auth.verifyAccessToken(await host.sign(userClaims({ login_method: claim })));
      expect(user.loginMethod).toEqual(expected);
    }
  });

  it("refuses a missing, malformed, expired, foreign, altered or wrongly signed token with a reason", async () => {
    const other = await generateKeyPair("RS256");
    const valid = await host.sign(userClaims());
    const [head, body] = valid.split(".");
    const hs256 = await new SignJWT(userClaims())
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(host.issuer)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-shared-secret-of-enough-length!!"));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${body}.`;
    expect(await refusal(auth.verifyAccessToken(""))).toBe("missing");
    expect(await refusal(auth.verifyAccessToken("not-a-jwt"))).toBe("malformed");
    expect(await refusal(auth.verifyAccessToken(await host.sign(userClaims(), { expiresIn: -60 })))).toBe("expired");
    expect(await refusal(auth.verifyAccessToken(await host.sign(userClaims(), { iss: "https://other.example" })))).toBe(
      "wrong_issuer",
    );
    expect(await refusal(auth.verifyAccessToken(await host.sign(userClaims(), { key: other.privateKey })))).toBe(
      "bad_signature",
    );
    const tampered = `${head}.${Buffer.from(JSON.stringify(userClaims({ email: "eve@example.com" }))).toString("base64url")}.${valid.split(".")[2]}`;
    expect(await refusal(auth.verifyAccessToken(tampered))).toBe("bad_signature");
    expect(await refusal(auth.verifyAccessToken(hs256))).toBe("wrong_algorithm");
    expect(await refusal(auth.verifyAccessToken(unsigned))).toBe("wrong_algorithm");
    expect(await refusal(auth.verifyAccessToken(await host.sign({ email: "no-user-id@example.com" })))).toBe(
      "malformed",
    );
    const badOrg = userClaims({ org_id_to_org_member_info: { x: { org_id: "x" } } });
    expect(await refusal(auth.verifyAccessToken(await host.sign(badOrg)))).toBe("malformed");
  });

  it("allows the clock tolerance past exp (default 5 s), and no more", async () => {
    const justExpired = await host.sign(userClaims(), { expiresIn: -2 });
    await expect(auth.verifyAccessToken(justExpired)).resolves.toBeDefined();
    const strict = createServerAuth(appOptions(host, { clockToleranceSeconds: 0 }));
    expect(await refusal(strict.verifyAccessToken(justExpired))).toBe("expired");
  });
});

describe("validateAuthorizationHeader", () => {
  it("takes 'Bearer <token>' (any case of the scheme) and refuses other forms", async () => {
    const token = await host.sign(userClaims());
    await expect(auth.validateAuthorizationHeader(`Bearer ${token}`)).resolves.toMatchObject({
      email: "ada@example.com",
    });
    await expect(auth.validateAuthorizationHeader(`bearer ${token}`)).resolves.toBeDefined();
    expect(await refusal(auth.validateAuthorizationHeader(undefined))).toBe("missing");
    expect(await refusal(auth.validateAuthorizationHeader(null))).toBe("missing");
    expect(await refusal(auth.validateAuthorizationHeader(""))).toBe("missing");
    expect(await refusal(auth.validateAuthorizationHeader(token))).toBe("malformed");
    expect(await refusal(auth.validateAuthorizationHeader(`Basic ${token}`))).toBe("malformed");
    expect(await refusal(auth.validateAuthorizationHeader(`Bearer ${token} extra`))).toBe("malformed");
  });
});

describe("verifyAccessToken with the auth host's JWKS", () => {
  it("fetches the key set once when no verifier key is given", async () => {
    const jwksHost = await createFakeAuthHost();
    const viaJwks = createServerAuth({
      authUrl: jwksHost.issuer,
      apiKey: API_KEY,
      redirectUri: REDIRECT_URI,
      fetch: jwksHost.fetch,
    });
    for (let round = 0; round < 3; round++) {
      await expect(viaJwks.verifyAccessToken(await jwksHost.sign(userClaims()))).resolves.toBeDefined();
    }
    expect(jwksHost.callsTo("/.well-known/jwks.json")).toHaveLength(1);
    expect(await refusal(viaJwks.verifyAccessToken(await host.sign(userClaims(), { iss: jwksHost.issuer })))).toBe(
      "bad_signature",
    );
  });

  it("names an unreachable key set key_unavailable, not a bad token", async () => {
    const downHost = await createFakeAuthHost();
    downHost.behaviour.jwks = "down";
    const viaJwks = createServerAuth({
      authUrl: downHost.issuer,
      apiKey: API_KEY,
      redirectUri: REDIRECT_URI,
      fetch: downHost.fetch,
    });
    expect(await refusal(viaJwks.verifyAccessToken(await downHost.sign(userClaims())))).toBe("key_unavailable");
    const offline = createServerAuth({
      authUrl: downHost.issuer,
      apiKey: API_KEY,
      redirectUri: REDIRECT_URI,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    expect(await refusal(offline.verifyAccessToken(await downHost.sign(userClaims())))).toBe("key_unavailable");
    // a key set that never answers: key_unavailable once the deadline passes
    const hanging = createServerAuth({
      authUrl: downHost.issuer,
      apiKey: API_KEY,
      redirectUri: REDIRECT_URI,
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    });
    expect(await refusal(hanging.verifyAccessToken(await downHost.sign(userClaims())))).toBe("key_unavailable");
  });
});

describe("options", () => {
  it("names the setting that cannot work", async () => {
    const base = { authUrl: host.issuer, apiKey: API_KEY, redirectUri: REDIRECT_URI };
    const optionOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(ServerConfigurationError);
        return (error as ServerConfigurationError).option;
      }
      return null;
    };
    expect(optionOf(() => createServerAuth({ ...base, authUrl: "auth.example.com" }))).toBe("authUrl");
    expect(optionOf(() => createServerAuth({ ...base, redirectUri: "ftp://x/cb" }))).toBe("redirectUri");
    expect(optionOf(() => createServerAuth({ ...base, apiKey: " " }))).toBe("apiKey");
    expect(optionOf(() => createServerAuth({ ...base, verifierKey: "not a pem" }))).toBe("verifierKey");
    expect(optionOf(() => createServerAuth({ ...base, clockToleranceSeconds: -1 }))).toBe("clockToleranceSeconds");
    expect(optionOf(() => createServerAuth({ ...base, allowedRedirectOrigins: ["nope"] }))).toBe(
      "allowedRedirectOrigins",
    );
  });

  it("refuses a verifier key that is not an RSA public key in PEM when the auth is created", () => {
    const base = { authUrl: host.issuer, apiKey: API_KEY, redirectUri: REDIRECT_URI };
    const pem = (body: string) => `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----`;
    // an EC P-256 key: a well-formed public key of another kind
    const ecKey =
      "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEVs/o5+uQbTjL3chynL4wXgUg2R9q9UU8I5mEovUf86QZ7kOBIjJwqnzD1omageEHWwHdBO6B+dFabmdT9POxg==";
    const rsaBody = host.pem.replace(/-----[A-Z ]+-----|\s/g, "");
    for (const verifierKey of [pem("AAAA"), pem("not base64!"), pem(ecKey), pem(rsaBody.slice(0, 200))]) {
      expect(() => createServerAuth({ ...base, verifierKey }), verifierKey).toThrow(ServerConfigurationError);
    }
    expect(() => createServerAuth({ ...base, verifierKey: host.pem })).not.toThrow();
  });
});
