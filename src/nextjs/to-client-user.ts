/** Server user → the plain data a client component may receive. */
import type { ServerOrg, ServerUser } from "../server/index.js";
import type { OrgMembership } from "../session/types.js";
import type { ClientUser } from "./client-user.js";

/** One membership as plain data (the server org's fields without its methods). */
function toMembership(org: ServerOrg): OrgMembership {
  return {
    orgId: org.orgId,
    orgName: org.orgName,
    urlSafeOrgName: org.urlSafeOrgName,
    orgMetadata: { ...org.orgMetadata },
    orgRoleStructure: org.orgRoleStructure,
    userAssignedRole: org.userAssignedRole,
    userInheritedRolesPlusCurrentRole: [...org.userInheritedRolesPlusCurrentRole],
    userAssignedAdditionalRoles: [...org.userAssignedAdditionalRoles],
    userPermissions: [...org.userPermissions],
  };
}

/** The server user as `<AuthProvider user>` takes it (null for no user): data only, no methods. */
export function toClientUser(user: ServerUser | undefined | null): ClientUser | null {
  if (!user) return null;
  const clientUser: ClientUser = {
    userId: user.userId,
    email: user.email,
    properties: { ...(user.properties ?? {}) },
    orgs: Object.values(user.orgIdToOrgMemberInfo).map(toMembership),
    accessToken: user.accessToken,
    expiresAtSeconds: user.expiresAt,
  };
  if (user.firstName !== undefined) clientUser.firstName = user.firstName;
  if (user.lastName !== undefined) clientUser.lastName = user.lastName;
  if (user.username !== undefined) clientUser.username = user.username;
  if (user.impersonatorUserId !== undefined) clientUser.impersonatorUserId = user.impersonatorUserId;
  if (user.activeOrgId !== undefined) clientUser.activeOrgId = user.activeOrgId;
  return clientUser;
}
