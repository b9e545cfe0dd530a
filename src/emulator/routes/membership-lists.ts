import type { EmulatorContext } from "../store/context.js";
import { disabled, orgNotFound } from "../http/errors.js";
import { paging } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { findMembership, requireOrg, type Membership, type Org } from "../store/orgs.js";
import { getPerson, type Person } from "../store/people.js";
import { assignableRoles, can, rank, rolesFor } from "../store/roles.js";
import type { EmulatorSettings } from "../store/settings.js";
import { requirePerson } from "../store/sessions.js";
import { ok } from "../http/reply.js";

/**
 * The acting member of an org: a logged-in, confirmed person while organisations are on, and the org (or
 * org_not_found), with the settings as the org sees them (its custom role mapping's roles).
 */
export async function orgActor(
  ctx: EmulatorContext,
  request: Request,
  orgId: string,
): Promise<{ person: Person; org: Org; membership: Membership | null; settings: EmulatorSettings }> {
  const person = await requirePerson(ctx, request, { confirmed: true });
  const settings = await ctx.settings();
  if (!settings.orgs) throw disabled("Organizations are not enabled");
  const org = await requireOrg(ctx, orgId);
  return { person, org, membership: await findMembership(ctx, org.id, person.id), settings: rolesFor(settings, org) };
}

/** One page of `items` and the paging fields every list answers with. */
function page<T>(items: T[], pageNumber: number, pageSize: number) {
  const start = pageNumber * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    total_count: items.length,
    page_number: pageNumber,
    page_size: pageSize,
    has_more_results: start + pageSize < items.length,
  };
}

type InviteRow = { email: string; role: string; additional_roles: string[]; expires_at: Date };

/** GET members, pending_invites and expired_invites of an org (members only; others get org_not_found). */
export function membershipListRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/api/fe/v3/org_membership/:orgId/members", async (request) => {
    const { person, org, membership, settings } = await orgActor(ctx, request, request.params.orgId!);
    if (!membership) throw orgNotFound();
    const { pageNumber, pageSize } = paging(request);
    const search = (request.url.searchParams.get("email_search") ?? "").toLowerCase();
    const { rows } = await ctx.db.query<{ user_id: string; role: string; additional_roles: string[] }>(
      "select * from emu_memberships where org_id = $1 order by created_at, user_id",
      [org.id],
    );
    const members = [];
    for (const row of rows) {
      const member = await getPerson(ctx, row.user_id);
      if (!member?.email.toLowerCase().includes(search)) continue;
      const mayManage = rank(settings, row.role) >= rank(settings, membership.role);
      members.push({
        user_id: member.id,
        email: member.email,
        role: row.role,
        additional_roles: row.additional_roles,
        possible_roles:
          mayManage && can(settings, membership.role, membership.additionalRoles, "can_change_roles")
            ? assignableRoles(settings, membership.role)
            : [],
        can_be_deleted:
          member.id !== person.id &&
          mayManage &&
          can(settings, membership.role, membership.additionalRoles, "can_remove_users"),
        is_enabled: member.enabled,
        is_2fa_enabled: member.mfaEnabled,
      });
    }
    const { items, ...rest } = page(members, pageNumber, pageSize);
    return ok({ users: items, ...rest });
  });

  for (const [path, key, comparison] of [
    ["pending_invites", "pending_invites", ">"],
    ["expired_invites", "expired_invites", "<="],
  ] as const) {
    router.add("GET", `/api/fe/v3/org_membership/:orgId/${path}`, async (request) => {
      const { org, membership } = await orgActor(ctx, request, request.params.orgId!);
      if (!membership) throw orgNotFound();
      const { pageNumber, pageSize } = paging(request);
      const search = request.url.searchParams.get("email_search") ?? "";
      const { rows } = await ctx.db.query<InviteRow>(
        `select * from emu_invitations where org_id = $1 and expires_at ${comparison} $2 and strpos(lower(email), lower($3)) > 0 order by created_at, email`,
        [org.id, ctx.now(), search],
      );
      const invites = rows.map((r) => ({
        email: r.email,
        role: r.role,
        additional_roles: r.additional_roles,
        expires_at_seconds: Math.floor(r.expires_at.getTime() / 1000),
      }));
      const { items, ...rest } = page(invites, pageNumber, pageSize);
      return ok({ [key]: items, ...rest });
    });
  }
}
