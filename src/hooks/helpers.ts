/** Org and access helpers bound to one `AuthInfo` (the objects `useOrgHelper` / `useAccessHelper` return). */
import {
  getOrg,
  getOrgByName,
  getOrgs,
  orgAccessFor,
  type AuthInfo,
  type AuthUser,
  type OrgAccess,
  type OrgMembership,
} from "../session/index.js";

/** Lookups of the user's org memberships. */
export interface OrgHelper {
  /** Every org the user belongs to. */
  getOrgs(): OrgMembership[];
  /** The ids of every org the user belongs to. */
  getOrgIds(): string[];
  /** One membership by org id, or undefined. */
  getOrg(orgId: string): OrgMembership | undefined;
  /** One membership by org name or url-safe name, or undefined. */
  getOrgByName(orgName: string): OrgMembership | undefined;
}

/** Role and permission checks; each is false when the user is not in the org. */
export interface AccessHelper {
  /** True when the user's role in the org is exactly `role` (multi_role: assigned or additional). */
  isRole(orgId: string, role: string): boolean;
  /** True when the user holds `role` or one above it in the org. */
  isAtLeastRole(orgId: string, role: string): boolean;
  /** True when the user has `permission` in the org. */
  hasPermission(orgId: string, permission: string): boolean;
  /** True when the user has every one of `permissions` in the org. */
  hasAllPermissions(orgId: string, permissions: readonly string[]): boolean;
  /** The same checks bound to one org (every check false when the user is not in it). */
  forOrg(orgId: string): OrgAccess;
}

/** Binds the org lookups to one auth info. */
export function createOrgHelper(authInfo: AuthInfo): OrgHelper {
  return {
    getOrgs: () => getOrgs(authInfo),
    getOrgIds: () => Object.keys(authInfo.orgIdToOrgMembership),
    getOrg: (orgId) => getOrg(authInfo, orgId),
    getOrgByName: (orgName) => getOrgByName(authInfo, orgName),
  };
}

/** Binds the role and permission checks to one auth info: the user's own checks (`user`, made from it), and `forOrg`. */
export function createAccessHelper(authInfo: AuthInfo, user: AuthUser): AccessHelper {
  const { isRole, isAtLeastRole, hasPermission, hasAllPermissions } = user;
  return { isRole, isAtLeastRole, hasPermission, hasAllPermissions, forOrg: (orgId) => orgAccessFor(authInfo, orgId) };
}
