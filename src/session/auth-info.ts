/**
 * Wire → model: the refresh response (snake_case, generated types) to `AuthInfo` (camelCase); the memberships
 * through the one mapping (org-membership.ts) the server uses too.
 * Only the known fields are renamed; the keys inside `properties` and `org_metadata` stay exactly as sent
 * (the vendor renames at every depth, turning a property `first_name` into `firstName`).
 */
import type * as z from "zod/mini";
import type { RefreshTokenResponseSchema } from "../generated/zod.js";
import { setIfPresent, toOrgMembership } from "./org-membership.js";
import type { AuthInfo, User } from "./types.js";

/** The refresh response as the generated validator outputs it (the contract's `RefreshTokenResponse`). */
export type WireRefreshTokenResponse = z.output<typeof RefreshTokenResponseSchema>;
type WireUser = WireRefreshTokenResponse["user"];

/** Converts the wire user (plus the impersonator id) to `User`. */
function toUser(wire: WireUser, impersonatorUserId: string | undefined): User {
  const user: User = {
    userId: wire.user_id,
    email: wire.email,
    emailConfirmed: wire.email_confirmed,
    hasPassword: wire.has_password,
    hasMfaEnabled: wire.mfa_enabled,
    canCreateOrgs: wire.can_create_orgs,
    createdAt: wire.created_at,
    lastActiveAt: wire.last_active_at,
    locked: wire.locked,
    enabled: wire.enabled,
    properties: { ...wire.properties },
  };
  setIfPresent(user, "firstName", wire.first_name);
  setIfPresent(user, "lastName", wire.last_name);
  setIfPresent(user, "username", wire.username);
  setIfPresent(user, "pictureUrl", wire.picture_url);
  setIfPresent(user, "legacyUserId", wire.legacy_user_id);
  setIfPresent(user, "impersonatorUserId", impersonatorUserId);
  return user;
}

/** Converts a validated refresh response to `AuthInfo`. */
export function toAuthInfo(wire: WireRefreshTokenResponse): AuthInfo {
  const impersonatorUserId = wire.impersonator_user?.user_id;
  const authInfo: AuthInfo = {
    accessToken: wire.access_token,
    expiresAtSeconds: wire.expires_at_seconds,
    user: toUser(wire.user, impersonatorUserId),
    // built by fromEntries: an org id such as `__proto__` is an own key, never the object's prototype
    orgIdToOrgMembership: Object.fromEntries(
      Object.entries(wire.org_id_to_org_member_info ?? {}).map(([orgId, wired]) => [orgId, toOrgMembership(wired)]),
    ),
  };
  setIfPresent(authInfo, "impersonatorUserId", impersonatorUserId);
  return authInfo;
}
