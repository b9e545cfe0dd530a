/** Role, permission and org lookups on an `AuthInfo`. Every check is false when the user is not in the org. */
import {
  membershipHasAllPermissions,
  membershipIsAtLeastRole,
  membershipIsRole,
  orgById,
  orgByName,
} from "../shared/org-access.js";
import type { AuthInfo, OrgMembership } from "./types.js";

/** All the user's org memberships. */
export function getOrgs(authInfo: AuthInfo): OrgMembership[] {
  return Object.values(authInfo.orgIdToOrgMembership);
}

/** The membership of one org by id, or undefined when the user is not in it. */
export function getOrg(authInfo: AuthInfo, orgId: string): OrgMembership | undefined {
  return orgById(authInfo.orgIdToOrgMembership, orgId);
}

/** The membership of one org by name or url-safe name, or undefined. */
export function getOrgByName(authInfo: AuthInfo, orgName: string): OrgMembership | undefined {
  return orgByName(authInfo.orgIdToOrgMembership, orgName);
}

/** True when the user's role in the org is exactly `role` (multi_role: assigned or additional role). */
export function isRole(authInfo: AuthInfo, orgId: string, role: string): boolean {
  const org = getOrg(authInfo, orgId);
  return org ? membershipIsRole(org, role) : false;
}

/** True when the user holds `role` or a role above it in the org (see `membershipIsAtLeastRole`). */
export function isAtLeastRole(authInfo: AuthInfo, orgId: string, role: string): boolean {
  const org = getOrg(authInfo, orgId);
  return org ? membershipIsAtLeastRole(org, role) : false;
}

/** True when the user has `permission` in the org. */
export function hasPermission(authInfo: AuthInfo, orgId: string, permission: string): boolean {
  return getOrg(authInfo, orgId)?.userPermissions.includes(permission) ?? false;
}

/** True when the user has every one of `permissions` in the org (false when not in the org). */
export function hasAllPermissions(authInfo: AuthInfo, orgId: string, permissions: readonly string[]): boolean {
  const org = getOrg(authInfo, orgId);
  return org ? membershipHasAllPermissions(org, permissions) : false;
}

/** True when someone is impersonating the user (an impersonator id exists). */
export function isImpersonating(authInfo: AuthInfo): boolean {
  return authInfo.impersonatorUserId !== undefined;
}
