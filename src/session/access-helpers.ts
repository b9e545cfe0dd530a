/** Role, permission and org lookups on an `AuthInfo`. Every check is false when the user is not in the org. */
import type { AuthInfo, OrgMembership } from "./types.js";

/** All the user's org memberships. */
export function getOrgs(authInfo: AuthInfo): OrgMembership[] {
  return Object.values(authInfo.orgIdToOrgMembership);
}

/** The membership of one org by id, or undefined when the user is not in it. */
export function getOrg(authInfo: AuthInfo, orgId: string): OrgMembership | undefined {
  return Object.hasOwn(authInfo.orgIdToOrgMembership, orgId) ? authInfo.orgIdToOrgMembership[orgId] : undefined;
}

/** The membership of one org by name or url-safe name, or undefined. */
export function getOrgByName(authInfo: AuthInfo, orgName: string): OrgMembership | undefined {
  return getOrgs(authInfo).find((org) => org.orgName === orgName || org.urlSafeOrgName === orgName);
}

/** The roles a multi_role membership holds: the assigned role plus the additional roles. */
function assignedRoles(org: OrgMembership): string[] {
  return [org.userAssignedRole, ...org.userAssignedAdditionalRoles];
}

/** True when the membership's role is exactly `role` (multi_role: assigned or additional role). */
export function membershipIsRole(org: OrgMembership, role: string): boolean {
  return org.orgRoleStructure === "multi_role" ? assignedRoles(org).includes(role) : org.userAssignedRole === role;
}

/**
 * True when the membership holds `role` or a role above it: the inherited list in a single-role org, only the
 * assigned and additional roles in a multi_role org.
 */
export function membershipIsAtLeastRole(org: OrgMembership, role: string): boolean {
  return org.orgRoleStructure === "multi_role"
    ? assignedRoles(org).includes(role)
    : org.userInheritedRolesPlusCurrentRole.includes(role);
}

/** True when the membership grants every one of `permissions`. */
export function membershipHasAllPermissions(org: OrgMembership, permissions: readonly string[]): boolean {
  return permissions.every((permission) => org.userPermissions.includes(permission));
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
