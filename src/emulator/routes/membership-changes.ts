import type { EmulatorContext } from "../store/context.js";
import { assertFields, forbidden, invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalText, textList } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { findMembership, findOrg, ownerCount, putMembership } from "../store/orgs.js";
import { withinMemberLimit } from "../store/member-limit.js";
import { sendInvitation } from "../store/invitations.js";
import { getPersonByEmail } from "../store/people.js";
import { can, rank } from "../store/roles.js";
import type { EmulatorSettings } from "../store/settings.js";
import { domainOf, isEmail } from "../tokens/secrets.js";
import { orgActor } from "./membership-lists.js";
import { noContent } from "../http/reply.js";

const userNotFound = () => new ProviderError(404, "user_not_found", "User not found");

const roleProblem = (settings: EmulatorSettings, role: string | undefined) =>
  role === undefined || rank(settings, role) < 0 ? { code: "invalid_value", message: "Unknown role" } : undefined;
const additionalProblem = (settings: EmulatorSettings, roles: string[]) =>
  roles.every((r) => settings.additionalRoles.some((a) => a.name === r))
    ? undefined
    : { code: "invalid_value", message: "Unknown additional role" };

/** invite_user, remove_user, change_role and revoke_user_invitation. */
export function membershipChangeRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/api/fe/v3/invite_user", async (request) => {
    const body = bodyOf(request);
    const { org, membership, settings } = await orgActor(ctx, request, optionalText(body, "org_id") ?? "");
    if (!membership || !can(settings, membership.role, membership.additionalRoles, "can_invite"))
      throw forbidden("You don't have permission to invite users to this organization");
    const email = optionalText(body, "email") ?? "";
    const role = optionalText(body, "role");
    const additionalRoles = textList(body, "additional_roles");
    const outsideDomain =
      org.restrictToDomain && org.domain !== null && isEmail(email) && domainOf(email) !== org.domain;
    assertFields({
      email: !isEmail(email)
        ? { code: "invalid_email", message: "Please enter a valid email address" }
        : outsideDomain
          ? { code: "domain_not_allowed", message: `Only ${org.domain} addresses may be invited` }
          : undefined,
      role:
        roleProblem(settings, role) ??
        (rank(settings, role!) < rank(settings, membership.role)
          ? { code: "invalid_value", message: "You may not invite someone with a role above yours" }
          : undefined),
      additional_roles: additionalProblem(settings, additionalRoles),
    });
    const existing = await getPersonByEmail(ctx, email);
    if (existing && (await findMembership(ctx, org.id, existing.id)))
      throw new ProviderError(409, "action_already_complete", "This user is already a member of the organization");
    await withinMemberLimit(ctx, org.id, email, (tx) => sendInvitation(tx, org, email, role!, additionalRoles));
    return noContent();
  });

  router.add("POST", "/api/fe/v3/remove_user", async (request) => {
    const body = bodyOf(request);
    const { org, membership, settings } = await orgActor(ctx, request, optionalText(body, "org_id") ?? "");
    if (!membership || !can(settings, membership.role, membership.additionalRoles, "can_remove_users"))
      throw forbidden("You don't have permission to remove users from this organization");
    const target = await findMembership(ctx, org.id, optionalText(body, "user_id") ?? "");
    if (!target) throw userNotFound();
    if (rank(settings, target.role) < rank(settings, membership.role))
      throw forbidden("You may not remove a member whose role is above yours");
    if (target.role === settings.roles[0]!.name && (await ownerCount(ctx, org.id, settings.roles[0]!.name)) <= 1) {
      throw invalidFields({ user_id: { code: "last_owner", message: "An organization must have at least one owner" } });
    }
    await ctx.db.query("delete from emu_memberships where org_id = $1 and user_id = $2", [org.id, target.userId]);
    return noContent();
  });

  router.add("POST", "/api/fe/v3/change_role", async (request) => {
    const body = bodyOf(request);
    const orgId = optionalText(body, "org_id") ?? "";
    if (!(await findOrg(ctx, orgId)))
      throw invalidFields({ org_id: { code: "invalid_value", message: "Invalid organization" } });
    const { org, membership, settings } = await orgActor(ctx, request, orgId);
    if (!membership || !can(settings, membership.role, membership.additionalRoles, "can_change_roles"))
      throw forbidden("You don't have permission to change roles in this organization");
    const target = await findMembership(ctx, org.id, optionalText(body, "user_id") ?? "");
    if (!target) throw userNotFound();
    const role = optionalText(body, "role");
    const additionalRoles = textList(body, "additional_roles");
    assertFields({ role: roleProblem(settings, role), additional_roles: additionalProblem(settings, additionalRoles) });
    if (
      rank(settings, role!) < rank(settings, membership.role) ||
      rank(settings, target.role) < rank(settings, membership.role)
    ) {
      throw forbidden("You may not change a role above your own");
    }
    if (
      target.role === settings.roles[0]!.name &&
      role !== target.role &&
      (await ownerCount(ctx, org.id, settings.roles[0]!.name)) <= 1
    ) {
      throw invalidFields({ role: { code: "last_owner", message: "An organization must have at least one owner" } });
    }
    await putMembership(ctx, { ...target, role: role!, additionalRoles });
    return noContent();
  });

  router.add("POST", "/api/fe/v3/revoke_user_invitation", async (request) => {
    const body = bodyOf(request);
    const { org, membership, settings } = await orgActor(ctx, request, optionalText(body, "org_id") ?? "");
    if (!membership || !can(settings, membership.role, membership.additionalRoles, "can_invite"))
      throw forbidden("You don't have permission to revoke invitations in this organization");
    const { rows } = await ctx.db.query(
      "delete from emu_invitations where org_id = $1 and lower(email) = lower($2) returning email",
      [org.id, optionalText(body, "email") ?? ""],
    );
    if (rows.length === 0)
      throw invalidFields({ email: { code: "not_invited", message: "No pending invitation for this email address" } });
    return noContent();
  });
}
