/**
 * The user and their memberships as objects with methods (`user.getOrg(id)?.isAtLeastRole("Admin")`), built
 * from plain `AuthInfo`. The objects are frozen copies: they never change when the session does.
 */
import {
  getOrg,
  getOrgByName,
  getOrgs,
  isImpersonating,
  membershipHasAllPermissions,
  membershipIsAtLeastRole,
  membershipIsRole,
} from "./access-helpers.js";
import type { AuthInfo, OrgMembership, User } from "./types.js";

/** Role and permission checks bound to one org. */
export interface OrgAccess {
  /** True when the user's role in the org is exactly `role` (multi_role: assigned or additional). */
  isRole(role: string): boolean;
  /** True when the user holds `role` or one above it in the org. */
  isAtLeastRole(role: string): boolean;
  /** True when the user has `permission` in the org. */
  hasPermission(permission: string): boolean;
  /** True when the user has every one of `permissions` in the org. */
  hasAllPermissions(permissions: readonly string[]): boolean;
}

/** One membership with its checks. */
export interface AuthOrg extends OrgMembership, OrgAccess {}

/** The logged-in user with lookups of their orgs and checks in any org (false when not a member). */
export interface AuthUser extends User {
  /** Every org the user belongs to. */
  getOrgs(): AuthOrg[];
  /** One membership by org id, or undefined. */
  getOrg(orgId: string): AuthOrg | undefined;
  /** One membership by org name or url-safe name, or undefined. */
  getOrgByName(orgName: string): AuthOrg | undefined;
  /** One value of the user's `properties`, or undefined. */
  getProperty(key: string): unknown;
  /** True when someone is impersonating the user. */
  isImpersonating(): boolean;
  /** True when the user's role in the org is exactly `role`. */
  isRole(orgId: string, role: string): boolean;
  /** True when the user holds `role` or one above it in the org. */
  isAtLeastRole(orgId: string, role: string): boolean;
  /** True when the user has `permission` in the org. */
  hasPermission(orgId: string, permission: string): boolean;
  /** True when the user has every one of `permissions` in the org. */
  hasAllPermissions(orgId: string, permissions: readonly string[]): boolean;
}

const NO_ACCESS: OrgAccess = /* @__PURE__ */ Object.freeze({
  isRole: () => false,
  isAtLeastRole: () => false,
  hasPermission: () => false,
  hasAllPermissions: () => false,
});

/** The checks of one membership. */
function accessOf(org: OrgMembership): OrgAccess {
  return {
    isRole: (role) => membershipIsRole(org, role),
    isAtLeastRole: (role) => membershipIsAtLeastRole(org, role),
    hasPermission: (permission) => org.userPermissions.includes(permission),
    hasAllPermissions: (permissions) => membershipHasAllPermissions(org, permissions),
  };
}

/** A membership with its checks. */
export function toAuthOrg(org: OrgMembership): AuthOrg {
  return Object.freeze({ ...org, ...accessOf(org) });
}

/** The checks in one org of the user; every check is false when the user is not in it. */
export function orgAccessFor(authInfo: AuthInfo, orgId: string): OrgAccess {
  const org = getOrg(authInfo, orgId);
  return org ? accessOf(org) : NO_ACCESS;
}

/** The logged-in user with methods. */
export function toAuthUser(authInfo: AuthInfo): AuthUser {
  const orgs = new Map(getOrgs(authInfo).map((org) => [org.orgId, toAuthOrg(org)]));
  const access = (orgId: string): OrgAccess => orgs.get(orgId) ?? NO_ACCESS;
  const { properties } = authInfo.user;
  return Object.freeze({
    ...authInfo.user,
    getOrgs: () => [...orgs.values()],
    getOrg: (orgId: string) => orgs.get(orgId),
    // org ids are never empty: no name, no org
    getOrgByName: (orgName: string) => orgs.get(getOrgByName(authInfo, orgName)?.orgId ?? ""),
    getProperty: (key: string) => (Object.hasOwn(properties, key) ? properties[key] : undefined),
    isImpersonating: () => isImpersonating(authInfo),
    isRole: (orgId: string, role: string) => access(orgId).isRole(role),
    isAtLeastRole: (orgId: string, role: string) => access(orgId).isAtLeastRole(role),
    hasPermission: (orgId: string, permission: string) => access(orgId).hasPermission(permission),
    hasAllPermissions: (orgId: string, permissions: readonly string[]) => access(orgId).hasAllPermissions(permissions),
  });
}
