/**
 * Users the backend API answers (a fetched user with `include_orgs`, a personal API key's owner) as the session's
 * user model: `getOrg`, `getOrgs`, `isAtLeastRole`, `hasPermission` … from the same code as the browser's user and
 * the server user (`toAuthUser` over the one membership mapping, read by `userFromUserinfo`), so a check means the
 * same whichever way the user arrived.
 */
import { type AuthUser, toAuthUser } from "../session/auth-objects.js";
import type { OrgMembership, User } from "../session/types.js";
import type { BackendClient } from "./backend-client.js";
import { userFromUserinfo } from "./userinfo-user.js";

/** A user the backend API answered, with the org lookups and role checks of the session's user. */
export type BackendUser = AuthUser;

/** A user and their memberships with the session's lookups and checks. */
export function withRoleChecks(user: User, orgIdToOrgMembership: Readonly<Record<string, OrgMembership>>): BackendUser {
  // toAuthUser reads the user and the memberships only; the token fields have no meaning here
  return toAuthUser({ accessToken: "", expiresAtSeconds: 0, user, orgIdToOrgMembership: { ...orgIdToOrgMembership } });
}

/**
 * A user of the backend API's answers (`fetchUserById`, `fetchUserByEmail`, `fetchUsersByIds` … with
 * `include_orgs: true` for the memberships) with the role checks; undefined for an answer without a user id or e-mail.
 */
export function toBackendUser(answer: unknown): BackendUser | undefined {
  const mapped = userFromUserinfo(answer, undefined);
  return mapped && withRoleChecks(mapped.user, mapped.orgIdToOrgMembership);
}

/**
 * A user's memberships from the backend (`fetchUserById` with `include_orgs`): one call, for an answer that names the
 * user but not their orgs (a personal API key's validation). A user the backend no longer knows has none.
 */
export async function fetchMemberships(backend: BackendClient, userId: string): Promise<Record<string, OrgMembership>> {
  const answer = await backend.fetchUserById({ path: { userId }, query: { include_orgs: true } });
  return userFromUserinfo(answer, undefined)?.orgIdToOrgMembership ?? {};
}
