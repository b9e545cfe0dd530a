/**
 * The admin API for the admin UI's Orgs tab: every org with its members and invitations; add a member, change a
 * role, remove a member; invite (the e-mail goes to the outbox) and revoke. The admin acts as the provider's
 * dashboard does: no permission checks, but roles must exist and an org keeps at least one Owner.
 */
import type { EmulatorContext } from "../store/context.js";
import { invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, requiredText, textList } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { findMembership, listOrgs, type Org, putMembership, requireOrg } from "../store/orgs.js";
import { rolesFor } from "../store/roles.js";
import { sendInvitation } from "../store/invitations.js";
import { addMember, withinMemberLimit } from "../store/member-limit.js";
import { getPersonByEmail } from "../store/people.js";
import { ok } from "../http/reply.js";
import { isEmail } from "../tokens/secrets.js";
import { assertKeepsOwner } from "./owners.js";

const notAMember = () => new ProviderError(404, "user_not_found", "Not a member of this org");

/** The role and additional roles of a body, checked against the org's roles (its custom role mapping's, if any). */
async function rolesOf(ctx: EmulatorContext, org: Org, body: Record<string, unknown>) {
  const settings = rolesFor(await ctx.settings(), org);
  const role = requiredText(body, "role");
  const additionalRoles = textList(body, "additionalRoles");
  if (!settings.roles.some((r) => r.name === role))
    throw invalidFields({ role: { code: "invalid_value", message: `Not a role: ${role}` } });
  const unknown = additionalRoles.find((name) => !settings.additionalRoles.some((r) => r.name === name));
  if (unknown) throw invalidFields({ additionalRoles: { code: "invalid_value", message: `Not a role: ${unknown}` } });
  return { role, additionalRoles };
}

/** Registers the org routes of the admin UI. */
export function adminOrgRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/__emulator/orgs", async () => {
    const settings = await ctx.settings();
    const orgs = [];
    for (const org of await listOrgs(ctx, "true", [])) {
      const { rows: members } = await ctx.db.query<{
        user_id: string;
        email: string;
        role: string;
        additional_roles: string[];
      }>(
        `select m.user_id, u.email, m.role, m.additional_roles from emu_memberships m join users u on u.id = m.user_id
         where m.org_id = $1 order by lower(u.email)`,
        [org.id],
      );
      const { rows: invitations } = await ctx.db.query<{ email: string; role: string; expires_at: Date }>(
        "select email, role, expires_at from emu_invitations where org_id = $1 order by lower(email)",
        [org.id],
      );
      const own = rolesFor(settings, org);
      orgs.push({
        id: org.id,
        name: org.name,
        domain: org.domain,
        roleStructure: org.roleStructure,
        roleMapping: own === settings ? null : (org.roleMapping ?? null),
        roles: own.roles.map((r) => r.name),
        additionalRoles: own.additionalRoles.map((r) => r.name),
        members: members.map((m) => ({
          userId: m.user_id,
          email: m.email,
          role: m.role,
          additionalRoles: m.additional_roles,
        })),
        invitations: invitations.map((i) => ({
          email: i.email,
          role: i.role,
          expiresAt: i.expires_at.toISOString(),
          expired: i.expires_at <= ctx.now(),
        })),
      });
    }
    return ok({
      orgs,
      roles: settings.roles.map((r) => r.name),
      additionalRoles: settings.additionalRoles.map((r) => r.name),
    });
  });
  router.add("POST", "/__emulator/orgs/:orgId/members", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    const body = bodyOf(request);
    const person = await getPersonByEmail(ctx, requiredText(body, "email"));
    if (!person) throw invalidFields({ email: { code: "not_found", message: "No user has this e-mail" } });
    const roles = await rolesOf(ctx, org, body);
    await addMember(ctx, { orgId: org.id, userId: person.id, ...roles }, person.email);
    return ok({ orgId: org.id, userId: person.id });
  });
  router.add("PUT", "/__emulator/orgs/:orgId/members/:userId", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    const userId = request.params.userId!;
    if (!(await findMembership(ctx, org.id, userId))) throw notAMember();
    const roles = await rolesOf(ctx, org, bodyOf(request));
    await assertKeepsOwner(ctx, org, userId, roles.role);
    await putMembership(ctx, { orgId: org.id, userId, ...roles });
    return ok({ orgId: org.id, userId: request.params.userId });
  });
  router.add("DELETE", "/__emulator/orgs/:orgId/members/:userId", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    const userId = request.params.userId!;
    if (!(await findMembership(ctx, org.id, userId))) throw notAMember();
    await assertKeepsOwner(ctx, org, userId, null);
    await ctx.db.query("delete from emu_memberships where org_id = $1 and user_id = $2", [org.id, userId]);
    return ok({ removed: true });
  });
  router.add("POST", "/__emulator/orgs/:orgId/invitations", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    const body = bodyOf(request);
    const email = requiredText(body, "email").trim();
    if (!isEmail(email)) throw invalidFields({ email: { code: "invalid", message: "Not an e-mail address" } });
    const { role, additionalRoles } = await rolesOf(ctx, org, body);
    await withinMemberLimit(ctx, org.id, email, (tx) => sendInvitation(tx, org, email, role, additionalRoles));
    return { status: 201, json: { orgId: org.id, email } };
  });
  router.add("DELETE", "/__emulator/orgs/:orgId/invitations/:email", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    await ctx.db.query("delete from emu_invitations where org_id = $1 and lower(email) = lower($2)", [
      org.id,
      request.params.email,
    ]);
    return ok({ revoked: true });
  });
}
