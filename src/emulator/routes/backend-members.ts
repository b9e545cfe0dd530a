import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound, fieldError } from "../http/backend-errors.js";
import { assertFields, orgNotFound, ProviderError } from "../http/errors.js";
import { bodyOf, optionalText, requiredText, textList } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { sendInvitation } from "../store/invitations.js";
import { addMember, withinMemberLimit } from "../store/member-limit.js";
import { findMembership, findOrg, type Org, putMembership } from "../store/orgs.js";
import { getPerson, getPersonByEmail, type Person } from "../store/people.js";
import { rank, rolesFor } from "../store/roles.js";
import type { EmulatorSettings } from "../store/settings.js";
import { isEmail } from "../tokens/secrets.js";
import { backendRegistrar } from "./backend-edge.js";
import { backendPaging, epochSeconds, pageWire } from "./backend-wire.js";

/** The role and additional roles a body assigns, checked against the settings (field errors otherwise). */
function rolesOf(settings: EmulatorSettings, body: Record<string, unknown>) {
  const role = requiredText(body, "role");
  const additionalRoles = textList(body, "additional_roles");
  assertFields({
    role: rank(settings, role) < 0 ? { code: "invalid_value", message: `Unknown role ${role}` } : undefined,
    additional_roles: additionalRoles.every((r) => settings.additionalRoles.some((a) => a.name === r))
      ? undefined
      : { code: "invalid_value", message: "Unknown additional role" },
  });
  return { role, additionalRoles };
}

/** The org a body names (404 when unknown). */
async function orgOf(ctx: EmulatorContext, body: Record<string, unknown>): Promise<Org> {
  const org = await findOrg(ctx, requiredText(body, "org_id"));
  if (!org) throw orgNotFound();
  return org;
}

/** The user a body names by `user_id` (404 when unknown). */
async function userOf(ctx: EmulatorContext, body: Record<string, unknown>): Promise<Person> {
  const person = await getPerson(ctx, requiredText(body, "user_id"));
  if (!person) throw backendUserNotFound();
  return person;
}

/** Runs `work`; an org at its limit is the backend's field error on `org_id` (the vendor's field exception). */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError && error.code === "org_max_users_limit_exceeded")
      throw fieldError("org_id", error.userFacing, error.code);
    throw error;
  }
}

/** The backend's membership and invitation calls: add, change role, remove, invite, pending invites, revoke. */
export function backendMemberRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  const notMember = () => new ProviderError(404, "user_not_found", "The user is not a member of this organization");

  add("POST", "/api/backend/v1/org/add_user", async (request) => {
    const body = bodyOf(request);
    const [org, person] = [await orgOf(ctx, body), await userOf(ctx, body)];
    const roles = rolesOf(rolesFor(await ctx.settings(), org), body);
    if (await findMembership(ctx, org.id, person.id))
      throw fieldError("user_id", "The user is already a member of this organization", "action_already_complete");
    await limited(() => addMember(ctx, { orgId: org.id, userId: person.id, ...roles }, person.email));
    return ok({});
  });

  add("POST", "/api/backend/v1/org/change_role", async (request) => {
    const body = bodyOf(request);
    const [org, person] = [await orgOf(ctx, body), await userOf(ctx, body)];
    const roles = rolesOf(rolesFor(await ctx.settings(), org), body);
    if (!(await findMembership(ctx, org.id, person.id))) throw notMember();
    await putMembership(ctx, { orgId: org.id, userId: person.id, ...roles });
    return ok({});
  });

  add("POST", "/api/backend/v1/org/remove_user", async (request) => {
    const body = bodyOf(request);
    const [org, person] = [await orgOf(ctx, body), await userOf(ctx, body)];
    const { rows } = await ctx.db.query(
      "delete from emu_memberships where org_id = $1 and user_id = $2 returning user_id",
      [org.id, person.id],
    );
    if (rows.length === 0) throw notMember();
    return ok({});
  });

  const invite = async (org: Org, email: string, body: Record<string, unknown>) => {
    const roles = rolesOf(rolesFor(await ctx.settings(), org), body);
    const existing = await getPersonByEmail(ctx, email);
    if (existing && (await findMembership(ctx, org.id, existing.id)))
      throw fieldError("email", "This user is already a member of the organization", "action_already_complete");
    await limited(() =>
      withinMemberLimit(ctx, org.id, email, (tx) => sendInvitation(tx, org, email, roles.role, roles.additionalRoles)),
    );
    return ok({});
  };
  add("POST", "/api/backend/v1/invite_user", async (request) => {
    const body = bodyOf(request);
    const org = await orgOf(ctx, body);
    const email = requiredText(body, "email").trim();
    if (!isEmail(email)) throw fieldError("email", "Please enter a valid email address", "invalid_email");
    return invite(org, email, body);
  });
  add("POST", "/api/backend/v1/invite_user_by_id", async (request) => {
    const body = bodyOf(request);
    const [org, person] = [await orgOf(ctx, body), await userOf(ctx, body)];
    return invite(org, person.email, body);
  });

  add("GET", "/api/backend/v1/pending_org_invites", async (request: Request) => {
    if (!(await ctx.settings()).orgs) throw new ProviderError(426, "action_disabled", "Organizations are not enabled");
    const page = backendPaging(request);
    const orgId = request.url.searchParams.get("org_id");
    const { rows } = await ctx.db.query<{
      org_id: string;
      name: string;
      email: string;
      role: string;
      additional_roles: string[];
      created_at: Date;
      expires_at: Date;
    }>(
      `select i.org_id, o.name, i.email, i.role, i.additional_roles, i.created_at, i.expires_at
       from emu_invitations i join emu_orgs o on o.id = i.org_id
       where i.expires_at > $1 and ($2::text is null or i.org_id = $2) order by i.created_at, i.email`,
      [ctx.now(), orgId],
    );
    const start = page.pageNumber * page.pageSize;
    const invites = rows.slice(start, start + page.pageSize).map((r) => ({
      invitee_email: r.email,
      org_id: r.org_id,
      org_name: r.name,
      role_in_org: r.role,
      additional_roles_in_org: r.additional_roles,
      created_at: epochSeconds(r.created_at),
      expires_at: epochSeconds(r.expires_at),
    }));
    return ok(pageWire(invites, rows.length, page, "invites", "total_invites"));
  });

  add("DELETE", "/api/backend/v1/pending_org_invites", async (request) => {
    const body = bodyOf(request);
    const org = await orgOf(ctx, body);
    const { rows } = await ctx.db.query(
      "delete from emu_invitations where org_id = $1 and lower(email) = lower($2) returning email",
      [org.id, optionalText(body, "invitee_email") ?? ""],
    );
    if (rows.length === 0) throw new ProviderError(404, "not_found", "No pending invitation for this email address");
    return ok({});
  });
}
