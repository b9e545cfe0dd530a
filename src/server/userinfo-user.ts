/**
 * The auth host's userinfo answer (snake_case, as `GET /propelauth/oauth/userinfo` sends it) as orgauth's `User`
 * and org memberships: the userinfo route sends both, so the browser half takes them as they are and carries no
 * mapping of its own.
 */
import type { OrgMembership, OrgRoleStructure, User } from "../session/types.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** One org membership as the auth host sends it (userinfo, the backend API's users and API-key owners). */
export function toMembership(org: Json): OrgMembership {
  return {
    orgId: text(org.org_id) ?? "",
    orgName: text(org.org_name) ?? "",
    urlSafeOrgName: text(org.url_safe_org_name) ?? "",
    orgMetadata: isObject(org.org_metadata) ? org.org_metadata : {},
    orgRoleStructure: (text(org.org_role_structure) ?? "single_role_in_hierarchy") as OrgRoleStructure,
    userAssignedRole: text(org.user_role) ?? "",
    userInheritedRolesPlusCurrentRole: strings(org.inherited_user_roles_plus_current_role),
    userAssignedAdditionalRoles: strings(org.additional_roles),
    userPermissions: strings(org.user_permissions),
  };
}

/** The user and memberships of a userinfo answer; undefined when it has no user id or e-mail. */
export function userFromUserinfo(
  wire: unknown,
  impersonatorUserId: string | undefined,
): { user: User; orgIdToOrgMembership: Record<string, OrgMembership> } | undefined {
  if (!isObject(wire)) return undefined;
  const userId = text(wire.user_id);
  const email = text(wire.email);
  if (userId === undefined || email === undefined) return undefined;
  const user: User = {
    userId,
    email,
    emailConfirmed: wire.email_confirmed === true,
    hasPassword: wire.has_password === true,
    hasMfaEnabled: wire.mfa_enabled === true,
    canCreateOrgs: wire.can_create_orgs === true,
    createdAt: typeof wire.created_at === "number" ? wire.created_at : 0,
    lastActiveAt: typeof wire.last_active_at === "number" ? wire.last_active_at : 0,
    locked: wire.locked === true,
    enabled: wire.enabled !== false,
    properties: isObject(wire.properties) ? wire.properties : {},
  };
  for (const [key, field] of [
    ["firstName", "first_name"],
    ["lastName", "last_name"],
    ["username", "username"],
    ["pictureUrl", "picture_url"],
    ["legacyUserId", "legacy_user_id"],
  ] as const) {
    const value = text(wire[field]);
    if (value !== undefined) user[key] = value;
  }
  if (impersonatorUserId !== undefined) user.impersonatorUserId = impersonatorUserId;
  const orgs = isObject(wire.org_id_to_org_info) ? wire.org_id_to_org_info : {};
  // built by fromEntries: an org id such as `__proto__` is an own key, never the object's prototype
  const orgIdToOrgMembership: Record<string, OrgMembership> = Object.fromEntries(
    Object.values(orgs)
      .filter((org): org is Json & { org_id: string } => isObject(org) && typeof org.org_id === "string")
      .map((org) => [org.org_id, toMembership(org)]),
  );
  return { user, orgIdToOrgMembership };
}
