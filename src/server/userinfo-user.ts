/**
 * The auth host's userinfo answer (snake_case, as `GET /propelauth/oauth/userinfo` sends it) as orgauth's `User`
 * and org memberships (through the one mapping, org-membership.ts; a membership that is not one is left out): for
 * the userinfo route's user and the API-key owners of api-key.ts.
 */
import { toOrgMembership } from "../session/org-membership.js";
import { readWireMembership } from "./membership-wire.js";
import type { OrgMembership, User } from "../session/types.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

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
    Object.values(orgs).flatMap((org) => {
      const wire = readWireMembership(org);
      return wire ? [[wire.org_id, toOrgMembership(wire)]] : [];
    }),
  );
  return { user, orgIdToOrgMembership };
}
