/**
 * The admin API for what the provider's dashboard sets up around orgs: create an org (optionally with its first
 * Owner), delete one, and add an extra role (such as Billing) that members can then be given beside their role.
 */
import type { EmulatorContext } from "../store/context.js";
import { writeSettings } from "../store/context.js";
import { invalidFields } from "../http/errors.js";
import { bodyOf, optionalText, requiredText, textList } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { insertOrg, type Org, putMembership, requireOrg, urlSafe } from "../store/orgs.js";
import { getPersonByEmail } from "../store/people.js";
import { ok } from "../http/reply.js";
import { newId } from "../tokens/secrets.js";

const ROLE_STRUCTURES: readonly Org["roleStructure"][] = ["single_role_in_hierarchy", "multi_role"];
const NAME_LIMIT = 100;
const PERMISSION = /^[a-z][a-z0-9_]*$/;

/** A name field: required, trimmed, at most NAME_LIMIT characters. */
function nameOf(body: Record<string, unknown>, field: string): string {
  const name = requiredText(body, field).trim();
  if (name.length > NAME_LIMIT)
    throw invalidFields({ [field]: { code: "too_long", message: `At most ${NAME_LIMIT} characters` } });
  return name;
}

/** The org a create body describes, with the person who becomes its Owner (if one is named). */
async function newOrgOf(ctx: EmulatorContext, body: Record<string, unknown>) {
  const name = nameOf(body, "name");
  const roleStructure = (optionalText(body, "roleStructure") ?? "single_role_in_hierarchy") as Org["roleStructure"];
  if (!ROLE_STRUCTURES.includes(roleStructure))
    throw invalidFields({
      roleStructure: { code: "invalid_value", message: `One of ${ROLE_STRUCTURES.join(", ")}` },
    });
  const domain = optionalText(body, "domain")?.trim().toLowerCase() || null;
  if (domain !== null && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))
    throw invalidFields({ domain: { code: "invalid_value", message: "Not a domain (such as acme.example)" } });
  const ownerEmail = optionalText(body, "ownerEmail")?.trim() || undefined;
  const owner = ownerEmail === undefined ? null : await getPersonByEmail(ctx, ownerEmail);
  if (ownerEmail !== undefined && !owner)
    throw invalidFields({ ownerEmail: { code: "not_found", message: "No user has this e-mail" } });
  const org: Org = {
    id: newId(),
    name,
    urlSafeName: urlSafe(name),
    metadata: {},
    roleStructure,
    domain,
    autojoinByDomain: false,
    restrictToDomain: false,
    require2faBy: null,
    maxUsers: null,
    samlEnabled: false,
    legacyOrgId: null,
  };
  return { org, owner };
}

/** Registers the org set-up routes of the admin API. */
export function adminOrgSetupRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/__emulator/orgs", async (request) => {
    const { org, owner } = await newOrgOf(ctx, bodyOf(request));
    const ownerRole = (await ctx.settings()).roles[0]!.name;
    await insertOrg(ctx, org);
    if (owner) await putMembership(ctx, { orgId: org.id, userId: owner.id, role: ownerRole, additionalRoles: [] });
    return { status: 201, json: { orgId: org.id, name: org.name } };
  });
  router.add("DELETE", "/__emulator/orgs/:orgId", async (request) => {
    const org = await requireOrg(ctx, request.params.orgId!);
    // memberships, invitations and the org's API keys go with it (on delete cascade)
    await ctx.db.query("delete from emu_orgs where id = $1", [org.id]);
    return ok({ deleted: true });
  });
  router.add("POST", "/__emulator/additional_roles", async (request) => {
    const body = bodyOf(request);
    const name = nameOf(body, "name");
    const permissions = textList(body, "permissions")
      .map((p) => p.trim())
      .filter(Boolean);
    const wrong = permissions.find((p) => !PERMISSION.test(p));
    if (wrong)
      throw invalidFields({
        permissions: { code: "invalid_value", message: `Not a permission name (lower case, digits, _): ${wrong}` },
      });
    const settings = await ctx.settings();
    if ([...settings.roles, ...settings.additionalRoles].some((r) => r.name.toLowerCase() === name.toLowerCase()))
      throw invalidFields({ name: { code: "taken", message: `There is a role named ${name}` } });
    const next = await writeSettings(ctx.db, {
      additionalRoles: [...settings.additionalRoles, { name, permissions: [...new Set(permissions)] }],
    });
    return { status: 201, json: { additionalRoles: next.additionalRoles } };
  });
}
