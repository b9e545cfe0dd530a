/** How the demo words dates, roles and permissions for people (one date format everywhere). */
import type { OrgMembership } from "orgauth";

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
