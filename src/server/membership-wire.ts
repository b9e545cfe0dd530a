/**
 * The server's side of the one membership mapping (session/org-membership.ts): the role structure read as the server
 * reads it, the check of JSON no validator has read (userinfo, the backend API's answers), and memberships as plain
 * data (the userinfo route's answer, `toClientUser`). Kept out of the session's module so that no browser bundle
 * carries them.
 */
import { toOrgMembership, type WireMembership } from "../session/org-membership.js";
import type { OrgMembership, OrgRoleStructure } from "../session/types.js";

/** The role structure a wire value names: anything but `multi_role` (absent, unknown) is the role hierarchy. */
export const roleStructureOf = (value: unknown): OrgRoleStructure =>
  value === "multi_role" ? "multi_role" : "single_role_in_hierarchy";

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");
const isOptional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || value === null || check(value);
const isMap = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The membership in JSON no validator has read (the backend API's answers as the app's server reads them), its role
 * structure read as `roleStructureOf` does; undefined when a field is missing or of the wrong type.
 */
export function readWireMembership(value: unknown): WireMembership | undefined {
  if (!isMap(value)) return undefined;
  const wire = value as Record<string, unknown>;
  const valid =
    ["org_id", "org_name", "url_safe_org_name", "user_role"].every((key) => typeof wire[key] === "string") &&
    isStrings(wire.inherited_user_roles_plus_current_role) &&
    isStrings(wire.user_permissions) &&
    isOptional(wire.additional_roles, isStrings) &&
    isOptional(wire.org_metadata, isMap) &&
    isOptional(wire.legacy_org_id, (item) => typeof item === "string");
  return valid
    ? ({ ...wire, org_role_structure: roleStructureOf(wire.org_role_structure) } as WireMembership)
    : undefined;
}

/** A membership as plain data (an `AuthOrg`'s fields without its methods), for a client component or JSON. */
export function plainMembership(org: OrgMembership): OrgMembership {
  return toOrgMembership({
    org_id: org.orgId,
    org_name: org.orgName,
    url_safe_org_name: org.urlSafeOrgName,
    org_metadata: org.orgMetadata,
    legacy_org_id: org.legacyOrgId,
    org_role_structure: org.orgRoleStructure,
    user_role: org.userAssignedRole,
    inherited_user_roles_plus_current_role: org.userInheritedRolesPlusCurrentRole,
    additional_roles: org.userAssignedAdditionalRoles,
    user_permissions: org.userPermissions,
  });
}

/** Memberships as plain data by org id (built by fromEntries: an org id such as `__proto__` stays an own key). */
export const plainMemberships = (orgs: readonly OrgMembership[]): Record<string, OrgMembership> =>
  Object.fromEntries(orgs.map((org) => [org.orgId, plainMembership(org)]));
