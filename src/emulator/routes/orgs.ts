import type { EmulatorContext } from "../store/context.js";
import { disabled, forbidden, invalidFields, orgNotFound, ProviderError } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import {
  findMembership,
  insertOrg,
  listOrgs,
  membershipsOf,
  putMembership,
  requireOrg,
  urlSafe,
  withinOrgLimit,
} from "../store/orgs.js";
import type { Person } from "../store/people.js";
import { can, rolesFor } from "../store/roles.js";
import { domainOf, newId } from "../tokens/secrets.js";
import { requirePerson } from "../store/sessions.js";
import { assertRoomFor } from "../store/member-limit.js";
import { noContent, ok } from "../http/reply.js";

const orgsOff = () => disabled("Organizations are not enabled");

/** A logged-in, confirmed person while organisations are turned on. */
async function orgUser(ctx: EmulatorContext, request: Request): Promise<Person> {
  const person = await requirePerson(ctx, request, { confirmed: true });
  if (!(await ctx.settings()).orgs) throw orgsOff();
  return person;
}

/** An org name's problem: required, at most 100 characters. */
function orgNameProblem(name: string | undefined, required: boolean) {
  if (name === undefined ? required : name.trim() === "")
    return { name: { code: "required", message: "Organization name is required" } };
  if (name !== undefined && name.length > 100)
    return { name: { code: "too_long", message: "Organization name must be at most 100 characters" } };
  return null;
}

/** The orgs a person may join by e-mail domain: autojoin on, their domain, not yet a member. */
async function joinableOrgs(ctx: EmulatorContext, person: Person) {
  return listOrgs(
    ctx,
    "autojoin_by_domain and lower(domain) = lower($1) and id not in (select org_id from emu_memberships where user_id = $2)",
    [domainOf(person.email), person.id],
  );
}

/** create_org, org_settings, update_org_metadata, delete_org, joinable_orgs, join_org. */
export function orgRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/api/fe/v3/create_org", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const settings = await ctx.settings();
    if (!settings.orgs || !settings.orgCreation || !person.canCreateOrgs)
      throw disabled("Creating organizations is not enabled");
    const body = bodyOf(request);
    const name = optionalText(body, "name");
    const problem = orgNameProblem(name, true);
    if (problem) throw invalidFields(problem);
    const autojoin = optionalFlag(body, "autojoin_by_domain") ?? false;
    const restrict = optionalFlag(body, "restrict_to_domain") ?? false;
    const domain = domainOf(person.email);
    if ((autojoin || restrict) && settings.personalDomains.includes(domain)) {
      throw new ProviderError(
        400,
        "personal_domain_error",
        "Domain settings can't be used with a personal email domain",
      );
    }
    const id = newId();
    const orgsBefore = await withinOrgLimit(ctx, person.id, settings.maxOrgsPerUser, async (tx, before) => {
      await insertOrg(tx, {
        id,
        name: name!.trim(),
        urlSafeName: urlSafe(name!),
        metadata: {},
        roleStructure: "single_role_in_hierarchy",
        domain: settings.personalDomains.includes(domain) ? null : domain,
        autojoinByDomain: autojoin,
        restrictToDomain: restrict,
        require2faBy: null,
        maxUsers: null,
        samlEnabled: false,
        legacyOrgId: null,
      });
      await putMembership(tx, { orgId: id, userId: person.id, role: settings.roles[0]!.name, additionalRoles: [] });
      return before;
    });
    return ok({ org_id: id, first_org: orgsBefore === 0 });
  });

  router.add("GET", "/api/fe/v3/org_settings", async (request) => {
    const person = await orgUser(ctx, request);
    const org = await requireOrg(ctx, request.url.searchParams.get("org_id") ?? "");
    const membership = await findMembership(ctx, org.id, person.id);
    if (!membership) throw forbidden("You don't have permission to view this organization");
    const settings = rolesFor(await ctx.settings(), org);
    const mayUpdate = can(settings, membership.role, membership.additionalRoles, "can_update_org_settings");
    const domain = domainOf(person.email);
    return ok({
      org_name: org.name,
      user_can_update_org_settings: mayUpdate,
      user_can_update_metadata: mayUpdate,
      autojoin_by_domain: org.autojoinByDomain,
      restrict_to_domain: org.restrictToDomain,
      require_2fa_by: org.require2faBy?.toISOString() ?? null,
      existing_domain: org.domain,
      current_user_domain: domain,
      current_user_domain_is_personal: settings.personalDomains.includes(domain),
      can_setup_saml: mayUpdate,
      is_saml_enabled: org.samlEnabled,
      is_saml_in_test_mode: false,
      can_setup_scim: mayUpdate,
      is_scim_enabled: false,
    });
  });

  router.add("POST", "/api/fe/v3/update_org_metadata", async (request) => {
    const person = await orgUser(ctx, request);
    const body = bodyOf(request);
    const org = await requireOrg(ctx, optionalText(body, "org_id") ?? "");
    const membership = await findMembership(ctx, org.id, person.id);
    if (
      !membership ||
      !can(rolesFor(await ctx.settings(), org), membership.role, membership.additionalRoles, "can_update_org_settings")
    ) {
      throw forbidden("You don't have permission to update this organization");
    }
    const name = optionalText(body, "name");
    const problem = orgNameProblem(name, false);
    if (problem) throw invalidFields(problem);
    const rawDeadline = body.require_2fa_by;
    const deadline = typeof rawDeadline === "string" ? new Date(rawDeadline) : null;
    if (deadline && Number.isNaN(deadline.getTime()))
      throw invalidFields({ require_2fa_by: { code: "invalid_value", message: "Must be a date and time" } });
    await ctx.db.query(
      `update emu_orgs set name = coalesce($2, name), url_safe_name = coalesce($3, url_safe_name), autojoin_by_domain = coalesce($4, autojoin_by_domain),
       restrict_to_domain = coalesce($5, restrict_to_domain), require_2fa_by = case when $6 then $7 else require_2fa_by end where id = $1`,
      [
        org.id,
        name?.trim() ?? null,
        name ? urlSafe(name) : null,
        optionalFlag(body, "autojoin_by_domain") ?? null,
        optionalFlag(body, "restrict_to_domain") ?? null,
        rawDeadline !== undefined,
        deadline,
      ],
    );
    return noContent();
  });

  router.add("DELETE", "/api/fe/v3/delete_org", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: false });
    const settings = await ctx.settings();
    if (!settings.orgs || !settings.orgDeletion) throw disabled("Deleting organizations is not enabled");
    const org = await requireOrg(ctx, optionalText(bodyOf(request), "org_id") ?? "");
    const membership = await findMembership(ctx, org.id, person.id);
    if (!membership || !can(rolesFor(settings, org), membership.role, membership.additionalRoles, "can_delete_org"))
      throw forbidden("You don't have permission to delete this organization");
    await ctx.db.query("delete from emu_orgs where id = $1", [org.id]);
    return noContent();
  });

  router.add("GET", "/api/fe/v3/joinable_orgs", async (request) => {
    const person = await orgUser(ctx, request);
    return ok({ orgs: (await joinableOrgs(ctx, person)).map((org) => ({ id: org.id, name: org.name })) });
  });

  router.add("POST", "/api/fe/v3/join_org/:orgId", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const settings = await ctx.settings();
    if (!settings.orgs) throw disabled("Joining organizations is not enabled");
    const orgId = request.params.orgId!;
    const existing = await membershipsOf(ctx, person.id);
    if (existing.some(({ org }) => org.id === orgId)) return ok({ org_id: orgId, first_org: false });
    const org = (await joinableOrgs(ctx, person)).find((o) => o.id === orgId);
    if (!org) throw orgNotFound();
    const orgsBefore = await withinOrgLimit(ctx, person.id, settings.maxOrgsPerUser, async (tx, before) => {
      await assertRoomFor(tx, org.id, person.email);
      await putMembership(tx, {
        orgId: org.id,
        userId: person.id,
        role: rolesFor(settings, org).roles.at(-1)!.name,
        additionalRoles: [],
      });
      return before;
    });
    return ok({ org_id: org.id, first_org: orgsBefore === 0 });
  });
}
