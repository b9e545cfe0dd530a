/**
 * Role and permission checks on one org membership, and lookups in a map of memberships: one set of rules for the
 * browser session's user and the server's user, so `isAtLeastRole` means the same on both sides.
 */

/** How roles are structured inside one organisation. */
export type OrgRoleStructure = "single_role_in_hierarchy" | "multi_role";

/** The fields of a membership the checks read (the browser's and the server's memberships both have them). */
export interface MembershipRoles {
  readonly orgId: string;
  readonly orgName: string;
  readonly urlSafeOrgName: string;
  readonly orgRoleStructure: OrgRoleStructure;
  readonly userAssignedRole: string;
  readonly userInheritedRolesPlusCurrentRole: readonly string[];
  readonly userAssignedAdditionalRoles: readonly string[];
  readonly userPermissions: readonly string[];
}

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

/** The roles a multi_role membership holds: the assigned role plus the additional roles. */
function assignedRoles(org: MembershipRoles): string[] {
  return [org.userAssignedRole, ...org.userAssignedAdditionalRoles];
}

/** True when the membership's role is exactly `role` (multi_role: assigned or additional role). */
export function membershipIsRole(org: MembershipRoles, role: string): boolean {
  return org.orgRoleStructure === "multi_role" ? assignedRoles(org).includes(role) : org.userAssignedRole === role;
}

/**
 * True when the membership holds `role` or a role above it: the inherited list in a single-role org, only the
 * assigned and additional roles in a multi_role org.
 */
export function membershipIsAtLeastRole(org: MembershipRoles, role: string): boolean {
  return org.orgRoleStructure === "multi_role"
    ? assignedRoles(org).includes(role)
    : org.userInheritedRolesPlusCurrentRole.includes(role);
}

/** True when the membership grants every one of `permissions`. */
export function membershipHasAllPermissions(org: MembershipRoles, permissions: readonly string[]): boolean {
  return permissions.every((permission) => org.userPermissions.includes(permission));
}

/** Every check false: the user is not in the org. */
export const NO_ACCESS: OrgAccess = /* @__PURE__ */ Object.freeze({
  isRole: () => false,
  isAtLeastRole: () => false,
  hasPermission: () => false,
  hasAllPermissions: () => false,
});

/** The checks of one membership. */
export function accessOf(org: MembershipRoles): OrgAccess {
  return {
    isRole: (role) => membershipIsRole(org, role),
    isAtLeastRole: (role) => membershipIsAtLeastRole(org, role),
    hasPermission: (permission) => org.userPermissions.includes(permission),
    hasAllPermissions: (permissions) => membershipHasAllPermissions(org, permissions),
  };
}

/** The membership of one org by id in a map of memberships, or undefined (own keys only). */
export function orgById<M>(orgs: Record<string, M>, orgId: string): M | undefined {
  return Object.hasOwn(orgs, orgId) ? orgs[orgId] : undefined;
}

/** The membership of one org by name or url-safe name, or undefined. */
export function orgByName<M extends MembershipRoles>(orgs: Record<string, M>, orgName: string): M | undefined {
  return Object.values(orgs).find((org) => org.orgName === orgName || org.urlSafeOrgName === orgName);
}
