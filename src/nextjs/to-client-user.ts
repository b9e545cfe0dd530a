/** Server user → the plain data a client component may receive. */
import type { ServerUser } from "../server/index.js";
import { plainMemberships } from "../server/membership-wire.js";
import type { ClientUser } from "./client-user.js";

/** The server user as `<AuthProvider user>` takes it (null for no user): data only, no methods. */
export function toClientUser(user: ServerUser | undefined | null): ClientUser | null {
  if (!user) return null;
  const clientUser: ClientUser = {
    userId: user.userId,
    email: user.email,
    properties: { ...(user.properties ?? {}) },
    orgIdToOrgMembership: plainMemberships(user.getOrgs()),
    accessToken: user.accessToken,
    expiresAtSeconds: user.expiresAtSeconds,
  };
  if (user.firstName !== undefined) clientUser.firstName = user.firstName;
  if (user.lastName !== undefined) clientUser.lastName = user.lastName;
  if (user.username !== undefined) clientUser.username = user.username;
  if (user.impersonatorUserId !== undefined) clientUser.impersonatorUserId = user.impersonatorUserId;
  if (user.activeOrgId !== undefined) clientUser.activeOrgId = user.activeOrgId;
  return clientUser;
}
