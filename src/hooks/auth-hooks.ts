/** The auth hooks: auth info, user, org and access helpers, active org, hosted pages, logout (each throws outside the provider). */
import { useMemo } from "react";
import {
  getHostedPageUrls,
  getOrgs,
  getRedirectFunctions,
  isImpersonating,
  toAuthOrg,
  toAuthUser,
  type AuthClient,
  type AuthInfo,
  type AuthOrg,
  type AuthSnapshot,
  type AuthUser,
  type HostedPageUrls,
  type OrgAccessTokenResult,
  type OrgMembership,
  type RedirectFunctions,
  type User,
} from "../session/index.js";
import { useAuthClientFor, useAuthStateFor } from "./context.js";
import { createAccessHelper, createOrgHelper, type AccessHelper, type OrgHelper } from "./helpers.js";

interface AuthInfoActions {
  /** Forces a session refresh and resolves with the new auth info (null when logged out). */
  refreshAuthInfo(): Promise<AuthInfo | null>;
  /**
   * The access token, renewed first when it is near expiry (waits for the first refresh while loading); null
   * when logged out. Use it right before a request instead of a token read during render.
   */
  getAccessToken(): Promise<string | null>;
}

/** `useAuthInfo()` while the first refresh is in flight. */
export interface AuthInfoLoading extends AuthInfoActions {
  readonly status: "loading";
  readonly loading: true;
  readonly isLoggedIn: false;
}

/** `useAuthInfo()` for a visitor without a session. */
export interface AuthInfoLoggedOut extends AuthInfoActions {
  readonly status: "logged_out";
  readonly loading: false;
  readonly isLoggedIn: false;
}

/** `useAuthInfo()` when the auth server cannot be reached and no valid token is held (not "logged out"; it keeps trying). */
export interface AuthInfoUnreachable extends AuthInfoActions {
  readonly status: "unreachable";
  readonly loading: false;
  readonly isLoggedIn: false;
}

/** `useAuthInfo()` for a logged-in user. */
export interface AuthInfoLoggedIn extends AuthInfoActions {
  readonly status: "logged_in";
  readonly loading: false;
  readonly isLoggedIn: true;
  readonly authInfo: AuthInfo;
  readonly accessToken: string;
  readonly expiresAtSeconds: number;
  readonly user: User;
  /** The user with methods: `authUser.getOrg(orgId)?.isAtLeastRole("Admin")`, `authUser.getProperty(key)`. */
  readonly authUser: AuthUser;
  readonly orgs: OrgMembership[];
  readonly orgHelper: OrgHelper;
  readonly accessHelper: AccessHelper;
  readonly isImpersonating: boolean;
  readonly impersonatorUserId: string | undefined;
  /** An access token scoped to one org (cached 300 s). */
  getAccessTokenForOrg(orgId: string): Promise<OrgAccessTokenResult>;
}

/** What `useAuthInfo()` returns: narrow on `status` (or `loading` / `isLoggedIn`). */
export type UseAuthInfoResult = AuthInfoLoading | AuthInfoLoggedOut | AuthInfoUnreachable | AuthInfoLoggedIn;

function toResult(client: AuthClient, snapshot: AuthSnapshot): UseAuthInfoResult {
  const actions: AuthInfoActions = {
    refreshAuthInfo: () => client.refresh(),
    getAccessToken: () => client.getAccessToken(),
  };
  const { status } = snapshot;
  // loading, logged out or unreachable: `loading` is true for the first alone
  if (status !== "logged_in")
    return { ...actions, status, loading: status === "loading", isLoggedIn: false } as UseAuthInfoResult;
  const { authInfo } = snapshot;
  const authUser = toAuthUser(authInfo);
  return {
    ...actions,
    status,
    loading: false,
    isLoggedIn: true,
    authInfo,
    accessToken: authInfo.accessToken,
    expiresAtSeconds: authInfo.expiresAtSeconds,
    user: authInfo.user,
    authUser,
    orgs: getOrgs(authInfo),
    orgHelper: createOrgHelper(authInfo),
    accessHelper: createAccessHelper(authInfo, authUser),
    isImpersonating: isImpersonating(authInfo),
    impersonatorUserId: authInfo.impersonatorUserId,
    getAccessTokenForOrg: (orgId) => client.getAccessTokenForOrg(orgId),
  };
}

/** The current auth state as a union; re-renders on every change of auth info, even with the same token. */
export function useAuthInfo(): UseAuthInfoResult {
  return useAuthInfoFor("useAuthInfo");
}

/** `useAuthInfo` under another hook's name (for the error thrown outside the provider). */
export function useAuthInfoFor(hookName: string): UseAuthInfoResult {
  const client = useAuthClientFor(hookName);
  const { snapshot } = useAuthStateFor(hookName);
  return useMemo(() => toResult(client, snapshot), [client, snapshot]);
}

/** The logged-in user, or null while loading or logged out. */
export function useUser(): User | null {
  const info = useAuthInfoFor("useUser");
  return info.isLoggedIn ? info.user : null;
}

/** Org lookups for the logged-in user, or null while loading or logged out. */
export function useOrgHelper(): OrgHelper | null {
  const info = useAuthInfoFor("useOrgHelper");
  return info.isLoggedIn ? info.orgHelper : null;
}

/** Role and permission checks for the logged-in user, or null while loading or logged out. */
export function useAccessHelper(): AccessHelper | null {
  const info = useAuthInfoFor("useAccessHelper");
  return info.isLoggedIn ? info.accessHelper : null;
}

/** What `useActiveOrg()` returns. */
export interface UseActiveOrgResult {
  /**
   * The active org id: the org the user last selected (persisted across reloads) while they are still a member
   * of it, else their first org, else null (or the `chooseActiveOrg` option's answer).
   */
  activeOrgId: string | null;
  /** The active org's membership with its checks (`activeOrg.isAtLeastRole("Admin")`), or null (none, or nobody logged in). */
  activeOrg: AuthOrg | null;
  /** Selects an org (null clears the selection); persisted and sent as `active_org_id` on the next refreshes. */
  setActiveOrg(orgId: string | null): void;
}

/** The active org and its setter. */
export function useActiveOrg(): UseActiveOrgResult {
  const { snapshot, activeOrg } = useAuthStateFor("useActiveOrg");
  const { activeOrgId, setActiveOrgId } = activeOrg;
  return useMemo(() => {
    const orgs = snapshot.status === "logged_in" ? snapshot.authInfo.orgIdToOrgMembership : {};
    const membership = activeOrgId !== null && Object.hasOwn(orgs, activeOrgId) ? orgs[activeOrgId] : undefined;
    return { activeOrgId, activeOrg: membership ? toAuthOrg(membership) : null, setActiveOrg: setActiveOrgId };
  }, [snapshot, activeOrgId, setActiveOrgId]);
}

/** Navigations to the provider's hosted pages (login, signup, account, org, create org, SAML, social). */
export function useRedirectFunctions(): RedirectFunctions {
  return getRedirectFunctions(useAuthClientFor("useRedirectFunctions"));
}

/** URL builders of the provider's hosted pages. */
export function useHostedPageUrls(): HostedPageUrls {
  return getHostedPageUrls(useAuthClientFor("useHostedPageUrls"));
}

/** A function that logs out (optionally navigating to the server's `redirect_to`). */
export function useLogoutFunction(): (options?: { redirect?: boolean }) => Promise<void> {
  const client = useAuthClientFor("useLogoutFunction");
  return useMemo(() => (options?: { redirect?: boolean }) => client.logout(options), [client]);
}

/** The origin of the auth host the provider's client talks to (for links and server calls of your own). */
export function useAuthUrl(): string {
  return useAuthClientFor("useAuthUrl").authUrl;
}

/** The provider's session client itself (for anything the hooks do not cover). */
export function useAuthClient(): AuthClient {
  return useAuthClientFor("useAuthClient");
}
