/**
 * "Who is calling": one call for the `Authorization: Bearer` of a request, whatever it carries.
 *
 * Shape: `createCallerAuth(options)` → `{ authenticate(header, { apiKeys }), authenticateRequest(request, …) }`, each
 * resolving one `Caller`, a union told apart by `kind`:
 * - `user` — a person: `via: "access_token"` (verified locally, `user` is the token's `ServerUser`) or
 *   `via: "api_key"` (a personal key validated by the auth host; `user` is its owner with every membership);
 * - `org` — an org's API key: `org`, and the user and membership the key also names, if any.
 * Both kinds answer the same org question — `membership(orgId)`: the caller's membership of that org with the role
 * checks (`isAtLeastRole`, `isRole`, `hasPermission`, `hasAllPermissions`) of the one membership mapping, or
 * undefined — so a guard asks it without caring how the caller proved who they are.
 * A refusal rejects with a typed error: `AccessTokenError` (its `reason`), `ApiKeyError` (its `reason`), or the
 * backend call's `ApiError` when the auth host could not answer. A JWT-shaped credential is always an access token;
 * anything else is an API key only where `apiKeys` is true (else a `malformed` access token).
 */
import { type AuthOrg, toAuthOrg } from "../session/auth-objects.js";
import { ApiKeyError, type ApiKeyOrg, type ApiKeyOwner, validateApiKey } from "./api-key.js";
import { isJwtShaped, readBearer } from "./authorization-header.js";
import { type BackendClient, createBackendClient } from "./backend-client.js";
import { type BackendUser, fetchMemberships, withRoleChecks } from "./backend-user.js";
import { AccessTokenError } from "./errors.js";
import { resolveServerConfig } from "./options.js";
import type { ServerUser } from "./server-user.js";
import { createAccessTokenVerifier } from "./verify.js";

/** A person: by their access token (`ServerUser`) or by a personal API key (its owner, from the backend). */
export type UserCaller =
  | {
      readonly kind: "user";
      readonly via: "access_token";
      readonly userId: string;
      readonly user: ServerUser;
      /** The user's membership of `orgId` with its role checks, or undefined. */
      membership(orgId: string): AuthOrg | undefined;
    }
  | {
      readonly kind: "user";
      readonly via: "api_key";
      readonly userId: string;
      readonly user: BackendUser;
      /** The metadata the key was created with. */
      readonly apiKeyMetadata: Record<string, unknown>;
      /** The user's membership of `orgId` with its role checks, or undefined. */
      membership(orgId: string): AuthOrg | undefined;
    };

/** An org's API key: the org, and the user (and their membership) the key also names, if any. */
export interface OrgCaller {
  readonly kind: "org";
  readonly via: "api_key";
  readonly org: ApiKeyOrg;
  /** The metadata the key was created with. */
  readonly apiKeyMetadata: Record<string, unknown>;
  /** The user the key names, if any. */
  readonly userId?: string;
  /**
   * For the key's own org: the named user's membership with its role checks, or — a key that names no user — the
   * org with no role and no permission (every check false). Undefined for any other org.
   */
  membership(orgId: string): AuthOrg | undefined;
}

/** Who is calling: a user (access token or personal key) or an org (org key). */
export type Caller = UserCaller | OrgCaller;

/** Options of `createCallerAuth`: the project's auth URL and keys. */
export interface CallerAuthOptions {
  /** The auth URL (`PROPELAUTH_AUTH_URL`); its origin is the tokens' issuer. */
  authUrl: string;
  /** The integration API key (`PROPELAUTH_API_KEY`): API keys are validated with it. */
  apiKey: string;
  /** The RS256 public key as PEM (`PROPELAUTH_VERIFIER_KEY`); without it the auth host's JWKS is fetched and cached. */
  verifierKey?: string;
  /** Seconds of clock difference allowed on `exp` and `nbf`. Default 5. */
  clockToleranceSeconds?: number;
  /** Deadline of each call to the auth host, in milliseconds. Default 10000. */
  timeoutMs?: number;
  /** The fetch for calls to the auth host (tests, proxies). Default `globalThis.fetch` at call time. */
  fetch?: typeof fetch;
  /** Where the backend API is served (see `createBackendClient`). */
  backendUrl?: string;
}

/** Whether an API key may stand for the caller. */
export interface AuthenticateOptions {
  /** Accept an end-user API key (personal or org) besides an access token. Default false. */
  apiKeys?: boolean;
}

/** The "who is calling" call of one project. */
export interface CallerAuth {
  /** The caller of an `Authorization` header value (any type: a non-string is `missing`). */
  authenticate(header: unknown, options?: AuthenticateOptions): Promise<Caller>;
  /** The caller of a standard `Request`'s `Authorization` header. */
  authenticateRequest(request: Request, options?: AuthenticateOptions): Promise<Caller>;
  /** The backend client API keys are validated with (the same project and key), for the app's other calls. */
  readonly backend: BackendClient;
}

/** An org key's own org as a membership that holds no role and no permission. */
function roleless(org: ApiKeyOrg): AuthOrg {
  return toAuthOrg({
    orgId: org.orgId,
    orgName: org.orgName,
    urlSafeOrgName: org.orgName,
    orgMetadata: { ...org.metadata },
    orgRoleStructure: "single_role_in_hierarchy",
    userAssignedRole: "",
    userInheritedRolesPlusCurrentRole: [],
    userAssignedAdditionalRoles: [],
    userPermissions: [],
  });
}

/**
 * The caller of a validated API key; a key made on the backend for nobody is refused as `unknown`. The validation
 * names a personal key's user without their orgs: one more backend call (`fetchUserById` with `include_orgs`)
 * fetches them, unless the answer already carried some.
 */
async function keyCaller(backend: BackendClient, owner: ApiKeyOwner): Promise<Caller> {
  if (owner.kind === "personal") {
    const known = owner.orgIdToOrgMembership;
    const memberships = Object.keys(known).length > 0 ? known : await fetchMemberships(backend, owner.user.userId);
    const user = withRoleChecks(owner.user, memberships);
    const base = { kind: "user", via: "api_key", userId: user.userId, user, apiKeyMetadata: owner.metadata } as const;
    return Object.freeze({ ...base, membership: (orgId: string) => user.getOrg(orgId) });
  }
  if (owner.kind === "org") {
    const own = owner.membership ?? roleless(owner.org);
    return Object.freeze({
      kind: "org",
      via: "api_key",
      org: owner.org,
      apiKeyMetadata: owner.metadata,
      ...(owner.user && { userId: owner.user.userId }),
      membership: (orgId: string) => (orgId === owner.org.orgId ? own : undefined),
    });
  }
  throw new ApiKeyError("unknown", "the key belongs to no user and no org");
}

/** Creates the "who is calling" call; throws `ServerConfigurationError` for options that cannot work. */
export function createCallerAuth(options: CallerAuthOptions): CallerAuth {
  // the redirect URI is the session's (cookies, callback): a caller check uses none, so the auth URL stands in
  const config = resolveServerConfig({ ...options, redirectUri: options.authUrl });
  const verify = createAccessTokenVerifier(config);
  const backend = createBackendClient({
    authUrl: options.authUrl,
    apiKey: options.apiKey,
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.backendUrl !== undefined && { backendUrl: options.backendUrl }),
  });
  const authenticate = async (header: unknown, { apiKeys = false }: AuthenticateOptions = {}): Promise<Caller> => {
    const read = readBearer(header);
    if (!read.ok) {
      const message = read.reason === "missing" ? "no Authorization header" : "expected Authorization: Bearer …";
      throw new AccessTokenError(read.reason, message);
    }
    if (!apiKeys || isJwtShaped(read.credential)) {
      const user = await verify(read.credential);
      return Object.freeze({
        kind: "user",
        via: "access_token",
        userId: user.userId,
        user,
        membership: (orgId: string) => user.getOrg(orgId),
      });
    }
    return keyCaller(backend, await validateApiKey(backend, read.credential));
  };
  return {
    authenticate,
    authenticateRequest: (request, authOptions) => authenticate(request.headers.get("Authorization"), authOptions),
    backend,
  };
}
