/**
 * The browser half's session as orgauth's snapshot: from the server's user (the first paint) and from the app's
 * userinfo route (every renewal). Reads only what the server hands it: the HttpOnly cookies stay out of reach.
 */
import type { AuthInfo, OrgMembership, OrgRoleStructure, User } from "../../session/types.js";
import type { ClientUser } from "../client-user.js";

/**
 * `AuthInfo` from the server's user. The token does not carry every field of `User`: until the first userinfo
 * answer (right after hydration) `emailConfirmed`, `hasPassword`, `hasMfaEnabled` and `canCreateOrgs` read false,
 * `createdAt` and `lastActiveAt` 0, `locked` false and `enabled` true (a user holding a valid token).
 */
export function authInfoFromServerUser(user: ClientUser): AuthInfo {
  const fromToken: User = {
    userId: user.userId,
    email: user.email,
    emailConfirmed: false,
    hasPassword: false,
    hasMfaEnabled: false,
    canCreateOrgs: false,
    createdAt: 0,
    lastActiveAt: 0,
    locked: false,
    enabled: true,
    properties: user.properties,
  };
  if (user.firstName !== undefined) fromToken.firstName = user.firstName;
  if (user.lastName !== undefined) fromToken.lastName = user.lastName;
  if (user.username !== undefined) fromToken.username = user.username;
  if (user.impersonatorUserId !== undefined) fromToken.impersonatorUserId = user.impersonatorUserId;
  const info: AuthInfo = {
    accessToken: user.accessToken,
    expiresAtSeconds: user.expiresAtSeconds,
    user: fromToken,
    orgIdToOrgMembership: Object.fromEntries(user.orgs.map((org) => [org.orgId, org])),
  };
  if (user.impersonatorUserId !== undefined) info.impersonatorUserId = user.impersonatorUserId;
  return info;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The `exp` claim of a JWT (read, not verified: the server verified it), or 0. */
function expiryOf(token: string): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return isObject(claims) && typeof claims.exp === "number" ? claims.exp : 0;
  } catch {
    return 0;
  }
}

/** One org of the userinfo answer. */
function toMembership(org: Json): OrgMembership {
  const role = text(org.user_role) ?? "";
  return {
    orgId: text(org.org_id) ?? "",
    orgName: text(org.org_name) ?? "",
    urlSafeOrgName: text(org.url_safe_org_name) ?? "",
    orgMetadata: isObject(org.org_metadata) ? org.org_metadata : {},
    orgRoleStructure: (text(org.org_role_structure) ?? "single_role_in_hierarchy") as OrgRoleStructure,
    userAssignedRole: role,
    userInheritedRolesPlusCurrentRole: strings(org.inherited_user_roles_plus_current_role),
    userAssignedAdditionalRoles: strings(org.additional_roles),
    userPermissions: strings(org.user_permissions),
  };
}

/** What the userinfo route answers: the auth host's userinfo, the access token, the active org. */
export interface UserinfoAnswer {
  authInfo: AuthInfo;
  activeOrgId: string | undefined;
}

/**
 * Reads the userinfo route's JSON (`{ userinfo, accessToken, impersonatorUserId?, activeOrgId? }`, the provider's
 * shape); undefined when it is not that shape.
 */
export function readUserinfoAnswer(body: unknown): UserinfoAnswer | undefined {
  if (!isObject(body) || !isObject(body.userinfo) || typeof body.accessToken !== "string") return undefined;
  const wire = body.userinfo;
  const userId = text(wire.user_id);
  const email = text(wire.email);
  if (userId === undefined || email === undefined) return undefined;
  const impersonatorUserId = text(body.impersonatorUserId);
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
  const orgIdToOrgMembership: Record<string, OrgMembership> = {};
  for (const org of Object.values(orgs)) {
    if (isObject(org) && typeof org.org_id === "string") orgIdToOrgMembership[org.org_id] = toMembership(org);
  }
  const expiresAtSeconds = typeof body.expiresAt === "number" ? body.expiresAt : expiryOf(body.accessToken);
  const authInfo: AuthInfo = { accessToken: body.accessToken, expiresAtSeconds, user, orgIdToOrgMembership };
  if (impersonatorUserId !== undefined) authInfo.impersonatorUserId = impersonatorUserId;
  return { authInfo, activeOrgId: text(body.activeOrgId) };
}
