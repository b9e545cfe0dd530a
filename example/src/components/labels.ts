/** How the demo words dates, roles, permissions and social providers for people (one date format everywhere). */
import { SOCIAL_LOGIN_PROVIDER_NAMES, type OrgMembership } from "orgauth";

const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/** A date from Unix seconds, e.g. "24 Nov 2026" (null: never). */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "never";
  return new Date(seconds * 1000).toLocaleDateString("en-GB", DATE);
}

/** A date and time from Unix seconds in the same format, e.g. "24 Nov 2026, 20:15", for times within hours. */
export function formatDateTime(seconds: number): string {
  return new Date(seconds * 1000).toLocaleString("en-GB", { ...DATE, hour: "2-digit", minute: "2-digit" });
}

/** The role line of a membership: "Member + Billing". */
export function roleLabel(org: OrgMembership): string {
  return [org.userAssignedRole, ...org.userAssignedAdditionalRoles].join(" + ");
}

const PERMISSIONS: Record<string, string> = {
  can_change_roles: "change roles",
  can_delete_org: "delete the organisation",
  can_invite: "invite people",
  can_manage_api_keys: "manage API keys",
  can_remove_users: "remove members",
  can_update_org_settings: "change settings",
  can_view_billing: "view billing",
};

/** A permission as words ("can_invite" → "invite people"); unknown ones lose their prefix and underscores. */
export function permissionLabel(permission: string): string {
  return PERMISSIONS[permission] ?? permission.replace(/^can_/, "").replaceAll("_", " ");
}

/** Where the providers' own spelling differs from the API's provider names ("Github" → "GitHub"). */
const PROVIDER_BRANDS: Record<string, string> = { github: "GitHub", linkedin: "LinkedIn", quickbooks: "QuickBooks" };

/** A social provider as the provider writes its name, from the API's name or its path ("github" → "GitHub"). */
export function providerLabel(provider: string): string {
  const key = provider.toLowerCase();
  return PROVIDER_BRANDS[key] ?? SOCIAL_LOGIN_PROVIDER_NAMES.find((name) => name.toLowerCase() === key) ?? provider;
}
