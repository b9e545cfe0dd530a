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

/**
 * `AuthInfo` from the server's user. `User` types fields the token does not carry: until the first userinfo answer
 * (right after hydration) they are placeholders (`emailConfirmed`, `hasPassword`, `hasMfaEnabled`, `canCreateOrgs`,
 * `locked` false, `enabled` true, `createdAt`, `lastActiveAt` 0, no `pictureUrl`), and `isTokenOnly` says so.
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
    orgIdToOrgMembership: user.orgIdToOrgMembership,
  };
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
  if (!isObject(body) || !isObject(body.user) || !isObject(body.orgIdToOrgMembership)) return undefined;
  const { accessToken, expiresAtSeconds, impersonatorUserId, activeOrgId } = body;
  const user = body.user as unknown as User;
  const valid =
    typeof user.userId === "string" && typeof user.email === "string" && typeof expiresAtSeconds === "number";
  if (!valid || typeof accessToken !== "string") return undefined;
  const orgIdToOrgMembership = body.orgIdToOrgMembership as Record<string, OrgMembership>;
  const authInfo: AuthInfo = { accessToken, expiresAtSeconds, user, orgIdToOrgMembership };
  if (typeof impersonatorUserId === "string") authInfo.impersonatorUserId = impersonatorUserId;
  return { authInfo, activeOrgId: typeof activeOrgId === "string" ? activeOrgId : undefined };
}
