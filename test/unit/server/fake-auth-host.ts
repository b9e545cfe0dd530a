/**
 * A fake auth host for the server session's unit tests: a real RSA key (jose's generateKeyPair), tokens signed as
 * the provider signs them, and the SSR endpoints (authorize, token, backend refresh with rotation, logout,
 * the backend user fetch, JWKS) answered by a `fetch` in memory. It counts every call and can be told to fail.
 */
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { createServerAuth, type ServerAuth, type ServerAuthOptions } from "../../../src/server/index.js";

export const ISSUER = "https://auth.example.com";
export const APP = "https://app.example.com";
export const REDIRECT_URI = `${APP}/api/auth/callback`;
export const API_KEY = "test_integration_key_123";

/** A membership claim as the provider signs it. */
export function memberInfo(orgId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    org_id: orgId,
    org_name: `Org ${orgId}`,
    url_safe_org_name: `org-${orgId}`,
    org_metadata: { plan: "pro" },
    user_role: "Admin",
    inherited_user_roles_plus_current_role: ["Admin", "Member"],
    user_permissions: ["read", "write"],
    org_role_structure: "single_role_in_hierarchy",
    additional_roles: [],
    ...overrides,
  };
}

/** The claims of a user in two orgs. */
export function userClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_id: "6f1c1f54-3c1b-4a59-9a55-1b3c7c1e2a10",
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    username: "ada",
    properties: { favourite: "engines" },
    login_method: { login_method: "password" },
    org_id_to_org_member_info: {
      "org-a": memberInfo("org-a"),
      "org-b": memberInfo("org-b", {
        user_role: "Reader",
        inherited_user_roles_plus_current_role: ["Reader"],
        user_permissions: ["read"],
        org_role_structure: "multi_role",
        additional_roles: ["Billing"],
      }),
    },
    ...overrides,
  };
}

/** What the fake host is told to do on its next answers. */
export interface HostBehaviour {
  tokenStatus?: { status: number; body: unknown };
  refresh?: "ok" | "logged_out" | "down";
  /** Milliseconds each refresh takes (so parallel requests overlap). */
  refreshDelayMs?: number;
  jwks?: "ok" | "down";
}

/** The fake host: keys, a token signer, its state and its fetch. */
export async function createFakeAuthHost(
  options: {
    issuer?: string;
    accessTokenSeconds?: number /** A replaced refresh token works this long (default 0). */;
    reuseSeconds?: number;
  } = {},
) {
  const issuer = options.issuer ?? ISSUER;
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const pem = await exportSPKI(publicKey);
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const behaviour: HostBehaviour = { refresh: "ok", jwks: "ok" };
  const calls: { path: string; method: string; authorization: string | null; body: unknown; query: string }[] = [];
  const codes = new Map<string, Record<string, unknown>>();
  /** Live refresh tokens → the claims of their user. */
  const refreshTokens = new Map<string, Record<string, unknown>>();
  /** Replaced refresh tokens in the reuse window → until when they work (`Date.now()` milliseconds). */
  const reused = new Map<string, number>();
  let counter = 0;

  const lifetime = options.accessTokenSeconds ?? 1800;
  /** A token of the host's lifetime with `expiresIn` seconds left (default: all of it), issued no later than now. */
  const sign = (
    claims: Record<string, unknown>,
    opts: { expiresIn?: number; key?: CryptoKey; iss?: string; alg?: string; kid?: string } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + (opts.expiresIn ?? lifetime);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: opts.alg ?? "RS256", kid: opts.kid ?? "k1" })
      .setIssuer(opts.iss ?? issuer)
      .setSubject(String(claims.user_id ?? "user"))
      .setIssuedAt(Math.min(now, expiresAt - lifetime))
      .setExpirationTime(expiresAt)
      .sign(opts.key ?? privateKey);
  };

  const newRefreshToken = (claims: Record<string, unknown>) => {
    const token = `rt_${++counter}_${crypto.randomUUID()}`;
    refreshTokens.set(token, claims);
    return token;
  };

  /** A code for the next callback, as the hosted login would hand one out for this user. */
  const issueCode = (claims: Record<string, unknown> = userClaims()) => {
    const code = `code_${++counter}`;
    codes.set(code, claims);
    return code;
  };

  const json = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });

  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    // a server's body limit, as the provider's (and the emulator's) have
    if (typeof init?.body === "string" && init.body.length > 100_000) return json(413, { error_code: "too_large" });
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({
      path: url.pathname,
      method: init?.method ?? "GET",
      authorization: headers.get("authorization"),
      body,
      query: url.search,
    });
    const apiKeyOk = headers.get("authorization") === `Bearer ${API_KEY}`;
    const fetchedUser = /^\/api\/backend\/v1\/user\/([^/]+)$/.exec(url.pathname)?.[1];
    if (fetchedUser !== undefined) {
      if (!apiKeyOk) return json(401, { error_code: "invalid_api_key", user_facing_error: "Invalid API key" });
      const claims = userClaims();
      if (decodeURIComponent(fetchedUser) !== claims.user_id) return json(404, { error_code: "not_found" });
      const orgs = url.searchParams.get("include_orgs") === "true" ? claims.org_id_to_org_member_info : undefined;
      return json(200, {
        ...{ user_id: claims.user_id, email: claims.email, first_name: "Ada", picture_url: "https://img.example/ada" },
        ...{ email_confirmed: true, has_password: true, mfa_enabled: true, can_create_orgs: true, locked: false },
        ...{ enabled: true, created_at: 1_700_000_000, last_active_at: 1_700_000_100 },
        ...(orgs !== undefined && { org_id_to_org_info: orgs }),
      });
    }
    switch (url.pathname) {
      case "/.well-known/jwks.json":
        return behaviour.jwks === "down" ? json(503, {}) : json(200, { keys: [jwk] });
      case "/propelauth/ssr/token": {
        if (behaviour.tokenStatus) return json(behaviour.tokenStatus.status, behaviour.tokenStatus.body);
        if (!apiKeyOk) return json(401, { error_code: "invalid_api_key", user_facing_error: "Invalid API key" });
        if (body?.redirect_uri !== REDIRECT_URI) {
          return json(400, { error_code: "bad_request", user_facing_error: "redirect_uri does not match" });
        }
        const claims = codes.get(body?.code);
        if (!claims) return json(400, { error_code: "bad_request", user_facing_error: "unknown code" });
        codes.delete(body.code);
        return json(200, { access_token: await sign(claims), refresh_token: newRefreshToken(claims) });
      }
      case "/api/backend/v1/refresh_token": {
        if (!apiKeyOk) return json(401, { error_code: "invalid_api_key", user_facing_error: "Invalid API key" });
        if (behaviour.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.refreshDelayMs));
        if (behaviour.refresh === "down")
          return json(503, { error_code: "unexpected_error", user_facing_error: "down" });
        const usableUntil = reused.get(body?.refresh_token) ?? Number.POSITIVE_INFINITY;
        const claims = Date.now() < usableUntil ? refreshTokens.get(body?.refresh_token) : undefined;
        if (behaviour.refresh === "logged_out" || !claims) {
          return json(401, { error_code: "not_logged_in", user_facing_error: "You must be logged in to do that" });
        }
        const orgId = url.searchParams.get("active_org_id");
        let tokenClaims = claims;
        if (orgId !== null) {
          const orgs = claims.org_id_to_org_member_info as Record<string, unknown>;
          if (!Object.hasOwn(orgs, orgId)) {
            return json(400, { error_code: "bad_request", user_facing_error: "not a member of that organization" });
          }
          const { org_id_to_org_member_info: _, ...rest } = claims;
          tokenClaims = { ...rest, org_member_info: orgs[orgId] };
        }
        const replaced = body.refresh_token as string;
        if ((options.reuseSeconds ?? 0) > 0) {
          // the provider's reuse window: a replaced token works a while longer (unless the session ends)
          reused.set(replaced, Date.now() + (options.reuseSeconds ?? 0) * 1000);
        } else refreshTokens.delete(replaced);
        const expiresAt = Math.floor(Date.now() / 1000) + (options.accessTokenSeconds ?? 1800);
        return json(200, {
          refresh_token: newRefreshToken(claims),
          access_token: { access_token: await sign(tokenClaims), expires_at_seconds: expiresAt },
        });
      }
      case "/api/backend/v1/logout":
        if (!apiKeyOk) return json(401, { error_code: "invalid_api_key", user_facing_error: "Invalid API key" });
        refreshTokens.delete(body?.refresh_token);
        return new Response(null, { status: 204 });
      default:
        return json(404, { error_code: "not_found", user_facing_error: "Not found" });
    }
  };

  return {
    issuer,
    pem,
    privateKey,
    behaviour,
    calls,
    refreshTokens,
    sign,
    issueCode,
    newRefreshToken,
    fetch: fetchImpl as typeof fetch,
    /** The calls to one path. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

export type FakeAuthHost = Awaited<ReturnType<typeof createFakeAuthHost>>;

/** The options an app gives the server session for `host` (its PEM key, its in-memory fetch); `overrides` replace any. */
export function appOptions(host: FakeAuthHost, overrides: Partial<ServerAuthOptions> = {}): ServerAuthOptions {
  return {
    authUrl: host.issuer,
    apiKey: API_KEY,
    verifierKey: host.pem,
    redirectUri: REDIRECT_URI,
    fetch: host.fetch,
    ...overrides,
  };
}

/** A new fake auth host and the server session an app sets up for it (`overrides` as in `appOptions`). */
export async function hostWithAuth(
  overrides: (host: FakeAuthHost) => Partial<ServerAuthOptions> = () => ({}),
): Promise<{ host: FakeAuthHost; auth: ServerAuth }> {
  const host = await createFakeAuthHost();
  return { host, auth: createServerAuth(appOptions(host, overrides(host))) };
}
