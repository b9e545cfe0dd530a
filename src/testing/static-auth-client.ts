/**
 * A session client with a fixed, settable auth state that makes no request: for users' component tests.
 * Navigations are recorded instead of performed.
 */
import { createSnapshotDeriver, clientRegistry, resolveActiveOrgId } from "../session/index.js";
import type { AuthClient, AuthInfo, OrgMembership, SessionState, User } from "../session/index.js";
import type { Transport } from "../transport/index.js";
import { StaticClientRequestError } from "./testing-errors.js";

/** A static client: an `AuthClient` whose state you set by hand. */
export interface StaticAuthClient extends AuthClient {
  /** Replaces the auth info (null: logged out; "loading": back to loading) and notifies subscribers. */
  setAuthInfo(authInfo: AuthInfo | null | "loading"): void;
  /** Every URL the client was asked to navigate to, in order. */
  readonly navigations: string[];
}

/** Options of `createStaticAuthClient`. */
export interface StaticAuthClientOptions {
  /** The initial state: auth info, null for logged out, or "loading". */
  authInfo: AuthInfo | null | "loading";
  /** Auth host used by the URL builders. Default `https://auth.example.test`. */
  authUrl?: string;
  /** Transport for generated query hooks; the default one rejects every call (the client makes no request). */
  transport?: Transport;
}

/** The default transport: every call rejects with a `StaticClientRequestError` naming the operation. */
function rejectingTransport(authUrl: string): Transport {
  return {
    authUrl,
    validation: "throw",
    call: (operation) => Promise.reject(new StaticClientRequestError(operation.operationId)),
  };
}

function snapshotOf(authInfo: AuthInfo | null | "loading"): SessionState {
  if (authInfo === "loading") return { status: "loading" };
  return authInfo ? { status: "logged_in", authInfo } : { status: "logged_out" };
}

/** Creates a client with a static auth state; `subscribe` starts nothing and nothing is fetched. */
export function createStaticAuthClient(options: StaticAuthClientOptions): StaticAuthClient {
  const authUrl = new URL(options.authUrl ?? "https://auth.example.test").origin;
  const listeners = new Set<() => void>();
  const navigations: string[] = [];
  let snapshot = snapshotOf(options.authInfo);
  let activeOrgId: string | null = null;
  const deriveSnapshot = createSnapshotDeriver();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const current = () => (snapshot.status === "logged_in" ? snapshot.authInfo : null);
  const client: StaticAuthClient = {
    authUrl,
    navigations,
    getSnapshot: () => deriveSnapshot(snapshot, activeOrgId),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => undefined,
    setAuthInfo(authInfo) {
      snapshot = snapshotOf(authInfo);
      notify();
    },
    onLoggedInChange: () => () => undefined,
    onAccessTokenChange: () => () => undefined,
    onAuthInfoChange: () => () => undefined,
    getAuthInfo: async () => current(),
    refresh: async () => current(),
    getAccessToken: async () => current()?.accessToken ?? null,
    getAccessTokenForOrg: async (orgId) => {
      const info = current();
      if (!info || !Object.hasOwn(info.orgIdToOrgMembership, orgId)) return { ok: false, error: "user_not_in_org" };
      return { ok: true, accessToken: info.accessToken, expiresAtSeconds: info.expiresAtSeconds };
    },
    async logout() {
      snapshot = { status: "logged_out" };
      notify();
    },
    getActiveOrgId: () => resolveActiveOrgId(current(), activeOrgId),
    setActiveOrgId(orgId) {
      activeOrgId = orgId;
      notify();
    },
    destroy: () => listeners.clear(),
  };
  clientRegistry.set(client, {
    currentHref: () => globalThis.location?.href ?? null,
    navigate: (url) => void navigations.push(url),
    feTransport: options.transport ?? rejectingTransport(authUrl),
  });
  return client;
}

/** A user with plausible defaults; override any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    userId: "usr_test",
    email: "test@example.test",
    emailConfirmed: true,
    hasPassword: true,
    hasMfaEnabled: false,
    canCreateOrgs: true,
    createdAt: 1_700_000_000,
    lastActiveAt: 1_700_000_000,
    locked: false,
    enabled: true,
    properties: {},
    ...overrides,
  };
}

/** An org membership with plausible defaults (single-role org, role Member); override any field. */
export function makeOrgMembership(overrides: Partial<OrgMembership> & { orgId: string }): OrgMembership {
  return {
    orgName: overrides.orgId,
    urlSafeOrgName: overrides.orgId,
    orgMetadata: {},
    orgRoleStructure: "single_role_in_hierarchy",
    userAssignedRole: "Member",
    userInheritedRolesPlusCurrentRole: ["Member"],
    userAssignedAdditionalRoles: [],
    userPermissions: [],
    ...overrides,
  };
}

/** Auth info with plausible defaults (token valid for an hour, no orgs); pass `orgs` as a list. */
export function makeAuthInfo(
  overrides: Partial<Omit<AuthInfo, "orgIdToOrgMembership">> & { orgs?: OrgMembership[] } = {},
): AuthInfo {
  const { orgs = [], ...rest } = overrides;
  return {
    accessToken: "test-access-token",
    expiresAtSeconds: Math.floor(Date.now() / 1000) + 3600,
    user: makeUser(),
    orgIdToOrgMembership: Object.fromEntries(orgs.map((org) => [org.orgId, org])),
    ...rest,
  };
}
