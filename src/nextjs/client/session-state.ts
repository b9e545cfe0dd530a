/**
 * The browser half's session as orgauth's snapshot: from the server's user (the first paint) and from the app's
 * userinfo route (every renewal). Reads only what the server hands it: the HttpOnly cookies stay out of reach.
 */
import type { AuthInfo, OrgMembership, User } from "../../session/types.js";
import type { ClientUser } from "../client-user.js";

/** The fields of `User` the access token does not carry: the userinfo route's first answer brings them. */
export type UserinfoOnlyField =
  | "emailConfirmed"
  | "hasPassword"
  | "hasMfaEnabled"
  | "canCreateOrgs"
  | "createdAt"
  | "lastActiveAt"
  | "locked"
  | "enabled"
  | "pictureUrl"
  | "legacyUserId";

/** The sessions built from the server's user alone (their userinfo-only fields are placeholders). */
const tokenOnly = /* @__PURE__ */ new WeakSet<AuthInfo>();

/** True until the userinfo route has answered for this session: its userinfo-only fields are placeholders. */
export const isTokenOnly = (info: AuthInfo): boolean => tokenOnly.has(info);

/** What `User` holds for the userinfo-only fields until the first userinfo answer. */
const PLACEHOLDERS = {
  emailConfirmed: false,
  hasPassword: false,
  hasMfaEnabled: false,
  canCreateOrgs: false,
  createdAt: 0,
  lastActiveAt: 0,
  locked: false,
  enabled: true,
} as const;

/**
 * `AuthInfo` from the server's user. `User` types fields the token does not carry: until the first userinfo answer
 * (right after hydration) they are placeholders (`emailConfirmed`, `hasPassword`, `hasMfaEnabled`, `canCreateOrgs`,
 * `locked` false, `enabled` true, `createdAt`, `lastActiveAt` 0, no `pictureUrl`), and `isTokenOnly` says so.
 */
export function authInfoFromServerUser(serverUser: ClientUser): AuthInfo {
  // the server checked the token and built this user (toClientUser): its fields are the token's, absent ones left out
  const { accessToken, expiresAtSeconds, orgIdToOrgMembership, activeOrgId, ...user } = serverUser;
  const info: AuthInfo = { accessToken, expiresAtSeconds, user: { ...PLACEHOLDERS, ...user }, orgIdToOrgMembership };
  if (user.impersonatorUserId !== undefined) info.impersonatorUserId = user.impersonatorUserId;
  tokenOnly.add(info);
  return info;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;

/** What the userinfo route answers: the session as the snapshot holds it, and the active org. */
export interface UserinfoAnswer {
  authInfo: AuthInfo;
  activeOrgId: string | undefined;
}

/**
 * Reads the userinfo route's JSON: orgauth/server's route sends the user and memberships already in orgauth's shape
 * (`user`, `orgIdToOrgMembership`) beside the provider's fields; undefined when it is not that shape.
 */
export function readUserinfoAnswer(body: unknown): UserinfoAnswer | undefined {
  if (!isObject(body)) return undefined;
  const { user, orgIdToOrgMembership, accessToken, expiresAtSeconds, impersonatorUserId, activeOrgId } = body;
  const valid =
    isObject(user) &&
    isObject(orgIdToOrgMembership) &&
    typeof user.userId === "string" &&
    typeof user.email === "string" &&
    typeof accessToken === "string" &&
    typeof expiresAtSeconds === "number";
  if (!valid) return undefined;
  const authInfo: AuthInfo = {
    accessToken,
    expiresAtSeconds,
    user: user as unknown as User,
    orgIdToOrgMembership: orgIdToOrgMembership as Record<string, OrgMembership>,
  };
  if (typeof impersonatorUserId === "string") authInfo.impersonatorUserId = impersonatorUserId;
  return { authInfo, activeOrgId: typeof activeOrgId === "string" ? activeOrgId : undefined };
}
