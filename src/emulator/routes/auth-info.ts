import type { EmulatorContext } from "../store/context.js";
import { membershipsOf, type Membership, type Org } from "../store/orgs.js";
import type { LoginMethod } from "../store/login-methods.js";
import type { Person } from "../store/people.js";
import { roleView, rolesFor } from "../store/roles.js";
import type { EmulatorSettings } from "../store/settings.js";

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The contract's RefreshTokenUser for a person. */
export function userJson(person: Person): Record<string, unknown> {
  const user: Record<string, unknown> = {
    user_id: person.id,
    email: person.email,
    email_confirmed: person.emailConfirmed,
    has_password: person.passwordHash !== null,
    locked: person.locked,
    enabled: person.enabled,
    mfa_enabled: person.mfaEnabled,
    can_create_orgs: person.canCreateOrgs,
    created_at: seconds(person.createdAt),
    last_active_at: seconds(person.lastActiveAt),
    properties: person.properties,
  };
  const optional = {
    username: person.username,
    first_name: person.firstName,
    last_name: person.lastName,
    picture_url: person.pictureUrl,
    legacy_user_id: person.legacyUserId,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== null) user[key] = value;
  return user;
}

/** The contract's OrgMemberInfo for one membership. */
export function memberInfoJson(settings: EmulatorSettings, org: Org, membership: Membership): Record<string, unknown> {
  const view = roleView(rolesFor(settings, org), membership.role, membership.additionalRoles);
  const info: Record<string, unknown> = {
    org_id: org.id,
    org_name: org.name,
    url_safe_org_name: org.urlSafeName,
    org_metadata: org.metadata,
    user_role: membership.role,
    inherited_user_roles_plus_current_role: view.inherited,
    user_permissions: view.permissions,
    org_role_structure: org.roleStructure,
    additional_roles: membership.additionalRoles,
  };
  if (org.legacyOrgId) info.legacy_org_id = org.legacyOrgId;
  return info;
}

/**
 * The refresh response: a signed access token (RS256, `lifetimeSeconds`, by default `settings.accessTokenSeconds`), the
 * user and their orgs.
 * The token's claims are those the provider's backend library reads (see accessTokenClaims). With `activeOrgId` the
 * token is an org token: its claims carry only that org's membership. Null when the person is not a member of
 * `activeOrgId`.
 */
export async function refreshResponse(
  ctx: EmulatorContext,
  person: Person,
  loginMethod: LoginMethod | null,
  activeOrgId?: string,
  lifetimeSeconds?: number,
): Promise<Record<string, unknown> | null> {
  const settings = await ctx.settings();
  const memberships = await membershipsOf(ctx, person.id);
  const orgInfo = new Map(
    memberships.map(({ org, membership }) => [org.id, memberInfoJson(settings, org, membership)]),
  );
  const activeOrg = activeOrgId === undefined ? undefined : orgInfo.get(activeOrgId);
  if (activeOrgId !== undefined && !activeOrg) return null;
  const expiresAt = seconds(ctx.now()) + (lifetimeSeconds ?? settings.accessTokenSeconds);
  const claims = accessTokenClaims(settings, person, loginMethod);
  if (activeOrg) claims.org_member_info = activeOrg;
  else claims.org_id_to_org_member_info = Object.fromEntries(orgInfo);
  const accessToken = await ctx.signer.sign(claims, person.id, expiresAt);
  return {
    access_token: accessToken,
    expires_at_seconds: expiresAt,
    user: userJson(person),
    org_id_to_org_member_info: Object.fromEntries(orgInfo),
  };
}

/**
 * The contract's OAuthUserinfo (`GET /propelauth/oauth/userinfo`): the person as stored now, whether the password
 * must change, and every membership (`org_id_to_org_info`).
 */
export async function userinfoResponse(ctx: EmulatorContext, person: Person): Promise<Record<string, unknown>> {
  const settings = await ctx.settings();
  const memberships = await membershipsOf(ctx, person.id);
  return {
    ...userJson(person),
    update_password_required: person.mustChangePassword,
    org_id_to_org_info: Object.fromEntries(
      memberships.map(({ org, membership }) => [org.id, memberInfoJson(settings, org, membership)]),
    ),
  };
}

/**
 * The user claims of an access token, as the provider's tokens carry them: id, e-mail, the names when set, the
 * legacy id, how the session logged in, and the properties when the project includes them.
 */
function accessTokenClaims(
  settings: EmulatorSettings,
  person: Person,
  loginMethod: LoginMethod | null,
): Record<string, unknown> {
  const claims: Record<string, unknown> = { user_id: person.id, email: person.email };
  const optional = {
    first_name: person.firstName,
    last_name: person.lastName,
    username: person.username,
    legacy_user_id: person.legacyUserId,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== null) claims[key] = value;
  if (loginMethod) claims.login_method = loginMethod;
  if (settings.userPropertiesInTokens) claims.properties = person.properties;
  return claims;
}

/** The login step a logged-in person is at. */
export async function loginStateOf(ctx: EmulatorContext, person: Person): Promise<string> {
  const settings = await ctx.settings();
  if (!person.emailConfirmed && settings.requireEmailConfirmation) return "ConfirmEmailRequired";
  const profile: Record<string, string | null> = {
    first_name: person.firstName,
    last_name: person.lastName,
    username: person.username,
  };
  if (settings.requiredUserFields.some((field) => !profile[field])) return "UserMetadataRequired";
  if (person.mustChangePassword) return "UpdatePasswordRequired";
  const memberships = await membershipsOf(ctx, person.id);
  if (settings.requireOrgMembership && memberships.length === 0) return "OrgCreationRequired";
  const due = memberships.some(({ org }) => org.require2faBy !== null && org.require2faBy <= ctx.now());
  if (due && !person.mfaEnabled) return "TwoFactorEnablementRequired";
  return "Finished";
}
