/**
 * The server's user: built from a verified access token's claims alone (no call to the auth host), with the org
 * lookups and role checks of the browser's user — the same functions (`toAuthOrg`, `getOrg`, `getOrgByName`,
 * `orgAccessFor` of the session's pure modules), so a check means the same on both sides. Fields a token does not
 * carry (picture, password, MFA, org creation, creation time) are not on it.
 */
import { getOrg, getOrgByName } from "../session/access-helpers.js";
import { type AuthOrg, orgAccessFor, toAuthOrg } from "../session/auth-objects.js";
import { toOrgMembership } from "../session/org-membership.js";
import type { AuthInfo, OrgMembership } from "../session/types.js";
import type { AccessTokenClaims, LoginMethodClaim, MemberInfoClaims } from "./claims.js";

/** How the session logged in, as the provider's backend libraries name it; `unknown` when the token does not say. */
export type ServerLoginMethod =
  | {
      loginMethod:
        | "password"
        | "magic_link"
        | "email_confirmation_link"
        | "impersonation"
        | "generated_from_backend_api"
        | "unknown";
    }
  | { loginMethod: "social_sso"; provider: string }
  | { loginMethod: "saml_sso"; provider: string; orgId: string };

/** The user's membership of one org, as the token carries it, with its checks (the browser's `AuthOrg`). */
export type ServerOrg = AuthOrg;

/** The signed-in user as a verified access token describes them, with org lookups and checks. */
export interface ServerUser {
  readonly userId: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly username?: string;
  readonly legacyUserId?: string;
  /** Present only when the project puts user properties in its tokens. */
  readonly properties?: Record<string, unknown>;
  readonly metadata?: Record<string, unknown>;
  readonly loginMethod: ServerLoginMethod;
  /** The impersonator's user id while someone is impersonating the user. */
  readonly impersonatorUserId?: string;
  /** The org of an org token (the only membership it carries); absent for a user token. */
  readonly activeOrgId?: string;
  /** The memberships the token carries (only the active org's for an org token), by org id. */
  readonly orgIdToOrgMembership: Readonly<Record<string, ServerOrg>>;
  /** The verified token itself, for calls the app's backend makes on the user's behalf. */
  readonly accessToken: string;
  /** When the token expires, Unix seconds (its `exp`). */
  readonly expiresAtSeconds: number;
  /** Every membership the token carries. */
  getOrgs(): ServerOrg[];
  /** One membership by org id, or undefined. */
  getOrg(orgId: string): ServerOrg | undefined;
  /** One membership by org name or url-safe name, or undefined. */
  getOrgByName(orgName: string): ServerOrg | undefined;
  /** The active org's membership, or undefined (a user token has no active org). */
  getActiveOrg(): ServerOrg | undefined;
  /** One value of the user's `properties`, or undefined. */
  getProperty(key: string): unknown;
  /** True when someone is impersonating the user. */
  isImpersonating(): boolean;
  /** True when the user's role in the org is exactly `role` (false when not a member). */
  isRole(orgId: string, role: string): boolean;
  /** True when the user holds `role` or one above it in the org (false when not a member). */
  isAtLeastRole(orgId: string, role: string): boolean;
  /** True when the user has `permission` in the org (false when not a member). */
  hasPermission(orgId: string, permission: string): boolean;
  /** True when the user has every one of `permissions` in the org (false when not a member). */
  hasAllPermissions(orgId: string, permissions: readonly string[]): boolean;
}

const SIMPLE_METHODS = new Set([
  "password",
  "magic_link",
  "email_confirmation_link",
  "impersonation",
  "generated_from_backend_api",
]);

/** The token's `login_method` in the backend libraries' shape. */
function toLoginMethod(claim: LoginMethodClaim | null | undefined): ServerLoginMethod {
  const method = claim?.login_method;
  if (method === "social_sso") return { loginMethod: "social_sso", provider: claim?.provider ?? "" };
  if (method === "saml_sso") {
    return { loginMethod: "saml_sso", provider: claim?.provider ?? "", orgId: claim?.org_id ?? "" };
  }
  if (method !== undefined && SIMPLE_METHODS.has(method)) return { loginMethod: method } as ServerLoginMethod;
  return { loginMethod: "unknown" };
}

/** Copies the present (non-null) optional values into `target`, as exactOptionalPropertyTypes wants. */
function withPresent<T extends object>(target: T, optional: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined && value !== null) (target as Record<string, unknown>)[key] = value;
  }
  return target;
}

/** One membership claim as a `ServerOrg`. */
const toServerOrg = (claim: MemberInfoClaims): ServerOrg => toAuthOrg(toOrgMembership(claim));

/** The memberships of a user token, or the one of an org token (which also names the active org). */
function membershipsOf(claims: AccessTokenClaims): { orgs: Record<string, ServerOrg>; activeOrgId?: string } {
  if (claims.org_member_info) {
    const org = toServerOrg(claims.org_member_info);
    return { orgs: { [org.orgId]: org }, activeOrgId: org.orgId };
  }
  const orgs: Record<string, ServerOrg> = {};
  for (const [orgId, claim] of Object.entries(claims.org_id_to_org_member_info ?? {})) orgs[orgId] = toServerOrg(claim);
  return { orgs };
}

/** Builds the frozen server user from a verified token and its checked claims. */
export function toServerUser(accessToken: string, claims: AccessTokenClaims): ServerUser {
  const { orgs, activeOrgId } = membershipsOf(claims);
  const orgIdToOrgMembership = Object.freeze(orgs);
  // the browser's lookups read only the memberships of an AuthInfo
  const view = { orgIdToOrgMembership } as Pick<AuthInfo, "orgIdToOrgMembership"> as AuthInfo;
  const lookUp = (org: OrgMembership | undefined) => (org ? orgIdToOrgMembership[org.orgId] : undefined);
  const properties = claims.properties ?? undefined;
  const user = {
    userId: claims.user_id,
    email: claims.email,
    loginMethod: toLoginMethod(claims.login_method),
    orgIdToOrgMembership,
    accessToken,
    expiresAtSeconds: claims.exp,
    getOrgs: () => Object.values(orgIdToOrgMembership),
    getOrg: (orgId: string) => lookUp(getOrg(view, orgId)),
    getOrgByName: (orgName: string) => lookUp(getOrgByName(view, orgName)),
    getActiveOrg: () => (activeOrgId === undefined ? undefined : lookUp(getOrg(view, activeOrgId))),
    getProperty: (key: string) => (properties && Object.hasOwn(properties, key) ? properties[key] : undefined),
    isImpersonating: () => claims.impersonator_user_id !== undefined && claims.impersonator_user_id !== null,
    isRole: (orgId: string, role: string) => orgAccessFor(view, orgId).isRole(role),
    isAtLeastRole: (orgId: string, role: string) => orgAccessFor(view, orgId).isAtLeastRole(role),
    hasPermission: (orgId: string, permission: string) => orgAccessFor(view, orgId).hasPermission(permission),
    hasAllPermissions: (orgId: string, permissions: readonly string[]) =>
      orgAccessFor(view, orgId).hasAllPermissions(permissions),
  };
  return Object.freeze(
    withPresent(user as ServerUser, {
      firstName: claims.first_name,
      lastName: claims.last_name,
      username: claims.username,
      legacyUserId: claims.legacy_user_id,
      properties: properties && { ...properties },
      metadata: claims.metadata && { ...claims.metadata },
      impersonatorUserId: claims.impersonator_user_id,
      activeOrgId,
    }),
  );
}
