/**
 * The provider's backend API shapes (snake_case, as `@propelauth/node` reads them): users with their memberships,
 * orgs (full and as list items), API keys, and the paged envelopes around them. Times are epoch seconds.
 */
import type { EmulatorContext } from "../store/context.js";
import type { StoredApiKey } from "../store/api-keys.js";
import { type Membership, membershipsOf, membershipsOfPeople, type Org, type OrgRecord } from "../store/orgs.js";
import type { Person } from "../store/people.js";
import type { EmulatorSettings } from "../store/settings.js";
import { invalidFields } from "../http/errors.js";
import type { Request } from "../http/http.js";
import { memberInfoJson, userJson } from "./auth-info.js";

/** Epoch seconds of a date. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A backend user's own fields (UserMetadata without memberships). */
function userFields(person: Person): Record<string, unknown> {
  return { ...userJson(person), metadata: person.metadata, update_password_required: person.mustChangePassword };
}

/** Memberships as a backend user's `org_id_to_org_info`. */
function orgInfoOf(settings: EmulatorSettings, memberships: { org: Org; membership: Membership }[]) {
  return Object.fromEntries(
    memberships.map(({ org, membership }) => [org.id, memberInfoJson(settings, org, membership)]),
  );
}

/** A backend user (UserMetadata): the profile, its metadata, and with `includeOrgs` every membership. */
export async function userWire(ctx: EmulatorContext, person: Person, includeOrgs: boolean) {
  const user = userFields(person);
  if (includeOrgs) user.org_id_to_org_info = orgInfoOf(await ctx.settings(), await membershipsOf(ctx, person.id));
  return user;
}

/** Backend users of some people, in order, as userWire makes them; with `includeOrgs` all memberships in one query. */
export async function usersWire(ctx: EmulatorContext, people: readonly Person[], includeOrgs: boolean) {
  const users = people.map(userFields);
  if (!includeOrgs) return users;
  const settings = await ctx.settings();
  const memberships = await membershipsOfPeople(
    ctx,
    people.map((person) => person.id),
  );
  return users.map((user, i) => ({
    ...user,
    org_id_to_org_info: orgInfoOf(settings, memberships.get(people[i]!.id) ?? []),
  }));
}

/** An extra setting of an org (stored as the backend sent it), or its default. */
function extra<T>(org: OrgRecord, name: string, fallback: T): T {
  return Object.hasOwn(org.extras, name) ? (org.extras[name] as T) : fallback;
}

/** A backend org (Organization, `GET /org/{orgId}`). */
export function orgWire(org: OrgRecord): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    org_id: org.id,
    name: org.name,
    url_safe_org_slug: org.urlSafeName,
    can_setup_saml: extra(org, "can_setup_saml", false),
    is_saml_configured: org.samlEnabled,
    is_saml_in_test_mode: false,
    max_users: org.maxUsers,
    metadata: org.metadata,
    extra_domains: extra<string[]>(org, "extra_domains", []),
    domain_autojoin: org.autojoinByDomain,
    domain_restrict: org.restrictToDomain,
    password_rotation_enabled: extra(org, "password_rotation_enabled", false),
    password_rotation_history_size: extra(org, "password_rotation_history_size", 0),
    password_rotation_period: extra(org, "password_rotation_period", 0),
  };
  const optional = {
    domain: org.domain,
    legacy_org_id: org.legacyOrgId,
    custom_role_mapping_name: extra<string | null>(org, "custom_role_mapping_name", null),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== null) wire[key] = value;
  return wire;
}

/** An org as an org query lists it and an API-key validation names it: both `name` and `org_name`. */
export function orgListItem(org: OrgRecord): Record<string, unknown> {
  return {
    org_id: org.id,
    name: org.name,
    org_name: org.name,
    url_safe_org_slug: org.urlSafeName,
    max_users: org.maxUsers,
    is_saml_configured: org.samlEnabled,
    can_setup_saml: extra(org, "can_setup_saml", false),
    metadata: org.metadata,
    created_at: epochSeconds(org.createdAt),
    ...(org.legacyOrgId !== null && { legacy_org_id: org.legacyOrgId }),
  };
}

/** A backend API key (ApiKeyFull). */
export function apiKeyWire(key: StoredApiKey): Record<string, unknown> {
  return {
    api_key_id: key.id,
    created_at: epochSeconds(key.createdAt),
    expires_at_seconds: key.expiresAt ? epochSeconds(key.expiresAt) : null,
    metadata: key.metadata,
    user_id: key.userId,
    org_id: key.orgId,
    ...(key.displayName !== null && { display_name: key.displayName }),
  };
}

/** A page envelope: the items under `itemsKey`, the total under `totalKey`, and the paging fields. */
export function pageWire(
  items: unknown[],
  total: number,
  paging: { pageNumber: number; pageSize: number },
  itemsKey: string,
  totalKey: string,
): Record<string, unknown> {
  return {
    [itemsKey]: items,
    [totalKey]: total,
    current_page: paging.pageNumber,
    page_size: paging.pageSize,
    has_more_results: (paging.pageNumber + 1) * paging.pageSize < total,
  };
}

/** The most items one backend page holds; a larger `page_size` is served as this many. */
const MAX_PAGE_SIZE = 100;

/** Paging from the query: page_number (0-based, default 0) and page_size (default 10, at most 100). */
export function backendPaging(request: Request): { pageNumber: number; pageSize: number } {
  const read = (name: string, fallback: number): number => {
    const raw = request.url.searchParams.get(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw invalidFields({ [name]: { code: "invalid_value", message: "Must be a whole number, 0 or more" } });
    return n;
  };
  const pageSize = read("page_size", 10);
  return { pageNumber: read("page_number", 0), pageSize: pageSize === 0 ? 10 : Math.min(pageSize, MAX_PAGE_SIZE) };
}

/** A boolean query parameter (`true` / `false`), false when absent; anything else is a field error. */
export function queryFlag(request: Request, name: string): boolean {
  const raw = request.url.searchParams.get(name);
  if (raw === null || raw === "false") return false;
  if (raw === "true") return true;
  throw invalidFields({ [name]: { code: "invalid_type", message: "Must be true or false" } });
}
