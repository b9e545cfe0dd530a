/**
 * `useUser()` of orgauth/nextjs/client, shaped as the provider's Next.js library shapes it: `isLoggedIn`, the
 * user with org lookups and checks, the access token and `setActiveOrg`.
 */
import { useMemo } from "react";
import { useAuthClientFor, useAuthStateFor } from "../../hooks/context.js";
import { toAuthUser, type AuthOrg, type AuthUser } from "../../session/auth-objects.js";
import type { User } from "../../session/types.js";
import { isTokenOnly, type UserinfoOnlyField } from "./session-state.js";

/**
 * The signed-in user as far as the access token tells: every field of the server's user, the org lookups and
 * checks. The fields the token does not carry are not here: they are in `useUser().details` once known.
 */
export type TokenUser = Omit<AuthUser, UserinfoOnlyField>;

/** The user's fields the token does not carry (picture, has-password, MFA, can-create-orgs, created-at …). */
export type UserDetails = Pick<User, UserinfoOnlyField>;

/** `useUser()` for a signed-in user. */
export interface UseUserLoggedIn {
  readonly loading: false;
  readonly isLoggedIn: true;
  /** The user with `getOrg(id)`, `getOrgs()`, `isRole`, `hasPermission`, `getProperty` … (the token's fields). */
  readonly user: TokenUser;
  /**
   * The fields the token does not carry, from the app's userinfo route: undefined in the server render and until
   * its first answer right after hydration, never placeholders.
   */
  readonly details: UserDetails | undefined;
  readonly accessToken: string;
  /** The active org's id (the server session's, else the first org), or null when the user is in none. */
  readonly activeOrgId: string | null;
  /** The active org's membership with its checks, or undefined. */
  getActiveOrg(): AuthOrg | undefined;
  /** Makes `orgId` the active org (the server session re-issues the token for it); resolves with the user after it. */
  setActiveOrg(orgId: string): Promise<TokenUser | undefined>;
}

/** `useUser()` without a signed-in user. */
export interface UseUserLoggedOut {
  readonly loading: false;
  readonly isLoggedIn: false;
  readonly user: undefined;
  readonly details: undefined;
  readonly accessToken: undefined;
}

/** What `useUser()` returns: narrow on `isLoggedIn`. */
export type UseUserResult = UseUserLoggedIn | UseUserLoggedOut;

/** The signed-in user (from the server's render first, then the userinfo route), or `isLoggedIn: false`. */
export function useUser(): UseUserResult {
  const client = useAuthClientFor("useUser");
  const { snapshot } = useAuthStateFor("useUser");
  return useMemo((): UseUserResult => {
    if (snapshot.status !== "logged_in") {
      return { loading: false, isLoggedIn: false, user: undefined, details: undefined, accessToken: undefined };
    }
    const { activeOrgId, authInfo: info } = snapshot;
    const user = toAuthUser(info);
    return {
      loading: false,
      isLoggedIn: true,
      user,
      details: isTokenOnly(info) ? undefined : (info.user as UserDetails),
      accessToken: info.accessToken,
      activeOrgId,
      getActiveOrg: () => (activeOrgId === null ? undefined : user.getOrg(activeOrgId)),
      async setActiveOrg(orgId) {
        client.setActiveOrgId(orgId);
        const info = await client.getAuthInfo();
        return info ? toAuthUser(info) : undefined;
      },
    };
  }, [client, snapshot]);
}
