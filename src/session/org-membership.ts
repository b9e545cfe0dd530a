/**
 * The one mapping of the provider's snake_case membership of an org (a token's `org_id_to_org_member_info` entry or
 * `org_member_info`, the refresh response's, userinfo's `org_id_to_org_info`, the backend API's `user_in_org`) to
 * orgauth's `OrgMembership`, used by the browser's session and by every part of the server: one set of names,
 * `legacyOrgId` kept, every list and map copied. Each entrance checks the wire first with its validator (the
 * generated one in the browser, the token's claims schema, `readWireMembership` for JSON no validator has read), and
 * each reads a role structure other than `multi_role` as the hierarchy.
 */
import type { OrgMembership, OrgRoleStructure } from "./types.js";

/** One membership as the provider sends it. */
export interface WireMembership {
  org_id: string;
  org_name: string;
  url_safe_org_name: string;
  org_metadata?: Readonly<Record<string, unknown>> | null | undefined;
  legacy_org_id?: string | null | undefined;
  user_role: string;
  inherited_user_roles_plus_current_role: readonly string[];
  user_permissions: readonly string[];
  org_role_structure: OrgRoleStructure;
  additional_roles?: readonly string[] | null | undefined;
}

/** Copies `value` into `target[key]` only when it is present, as exactOptionalPropertyTypes wants. */
export function setIfPresent<T, K extends keyof T>(target: T, key: K, value: T[K] | null | undefined): void {
  if (value !== undefined && value !== null) target[key] = value;
}

/** The role structure a wire value names: anything but `multi_role` (absent, unknown) is the role hierarchy. */
export const roleStructureOf = (value: unknown): OrgRoleStructure =>
  value === "multi_role" ? "multi_role" : "single_role_in_hierarchy";

/** One membership as orgauth names it. */
export function toOrgMembership(wire: WireMembership): OrgMembership {
  const membership: OrgMembership = {
    orgId: wire.org_id,
    orgName: wire.org_name,
    urlSafeOrgName: wire.url_safe_org_name,
    orgMetadata: { ...(wire.org_metadata ?? {}) },
    orgRoleStructure: wire.org_role_structure,
    userAssignedRole: wire.user_role,
    userInheritedRolesPlusCurrentRole: [...wire.inherited_user_roles_plus_current_role],
    userAssignedAdditionalRoles: [...(wire.additional_roles ?? [])],
    userPermissions: [...wire.user_permissions],
  };
  setIfPresent(membership, "legacyOrgId", wire.legacy_org_id);
  return membership;
}

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
