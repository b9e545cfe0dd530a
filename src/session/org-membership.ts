/**
 * The one mapping of the provider's snake_case membership of an org (a token's `org_id_to_org_member_info` entry or
 * `org_member_info`, the refresh response's, userinfo's `org_id_to_org_info`, the backend API's `user_in_org`) to
 * orgauth's `OrgMembership`, used by the browser's session and by every part of the server: one set of names,
 * `legacyOrgId` kept, every list and map copied. Each entrance checks the wire first with its validator (the
 * generated one in the browser; on the server the token's claims schema and `readWireMembership` for JSON no
 * validator has read, server/membership-wire.ts, which read a role structure other than `multi_role` as the
 * hierarchy).
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
  if (value != null) target[key] = value;
}

/** One membership as orgauth names it. */
export function toOrgMembership(wire: WireMembership): OrgMembership {
  const membership: OrgMembership = {
    orgId: wire.org_id,
    orgName: wire.org_name,
    urlSafeOrgName: wire.url_safe_org_name,
    orgMetadata: { ...wire.org_metadata },
    orgRoleStructure: wire.org_role_structure,
    userAssignedRole: wire.user_role,
    userInheritedRolesPlusCurrentRole: [...wire.inherited_user_roles_plus_current_role],
    userAssignedAdditionalRoles: [...(wire.additional_roles ?? [])],
    userPermissions: [...wire.user_permissions],
  };
  setIfPresent(membership, "legacyOrgId", wire.legacy_org_id);
  return membership;
}
