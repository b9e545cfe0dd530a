import type { EmulatorContext } from "../store/context.js";
import { disabled, forbidden, invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalText, paging } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { findMembership, findOrg } from "../store/orgs.js";
import type { Person } from "../store/people.js";
import { can, rolesFor } from "../store/roles.js";
import { API_KEY_LIFETIMES, createApiKey, deleteApiKey } from "../store/api-keys.js";
import { requirePerson } from "../store/sessions.js";
import { noContent, ok } from "../http/reply.js";

const orders: Record<string, string> = {
  CreatedAtAsc: "created_at asc",
  CreatedAtDesc: "created_at desc",
  ExpiresAtAsc: "expires_at asc nulls last",
  ExpiresAtDesc: "expires_at desc nulls last",
};
type KeyRow = {
  id: string;
  user_id: string | null;
  org_id: string | null;
  display_name: string | null;
  metadata: Record<string, unknown> | null;
  expires_at: Date | null;
  created_at: Date;
};

const displayNameProblem = (name: string | undefined, required: boolean) =>
  (name === undefined ? required : name.trim() === "")
    ? { display_name: { code: "required", message: "Name is required" } }
    : name !== undefined && name.length > 64
      ? { display_name: { code: "too_long", message: "Name must be at most 64 characters" } }
      : null;

/** Whether a person may manage the keys of an org (a member holding can_manage_api_keys). */
async function managesOrgKeys(ctx: EmulatorContext, person: Person, orgId: string): Promise<boolean> {
  const membership = await findMembership(ctx, orgId, person.id);
  const org = membership && (await findOrg(ctx, orgId));
  return (
    !!org &&
    !!membership &&
    can(rolesFor(await ctx.settings(), org), membership.role, membership.additionalRoles, "can_manage_api_keys")
  );
}

/** One page of keys matching a where-clause, searched and sorted as the query asks. */
async function listKeys(ctx: EmulatorContext, request: Request, where: string, param: string) {
  const { pageNumber, pageSize } = paging(request);
  const sortBy = request.url.searchParams.get("sort_by") ?? "CreatedAtDesc";
  const order = Object.hasOwn(orders, sortBy) ? orders[sortBy] : orders.CreatedAtDesc;
  const search = request.url.searchParams.get("api_key_search") ?? "";
  const { rows } = await ctx.db.query<KeyRow>(
    `select * from emu_api_keys where ${where} = $1 and archived_at is null and (strpos(id, $2) > 0 or strpos(lower(coalesce(display_name, '')), lower($2)) > 0) order by ${order}, id`,
    [param, search],
  );
  const items = rows.slice(pageNumber * pageSize, (pageNumber + 1) * pageSize).map((r) => ({
    api_key_id: r.id,
    created_at: Math.floor(r.created_at.getTime() / 1000),
    expires_at_seconds: r.expires_at ? Math.floor(r.expires_at.getTime() / 1000) : null,
    metadata: r.metadata,
    ...(r.display_name !== null && { display_name: r.display_name }),
  }));
  return ok({
    api_keys: items,
    total_api_keys: rows.length,
    current_page: pageNumber,
    page_size: pageSize,
    has_more_results: (pageNumber + 1) * pageSize < rows.length,
  });
}

/** The key a request names, when the person may manage it: not_found / action_forbidden otherwise. */
async function ownedKey(ctx: EmulatorContext, request: Request, person: Person): Promise<KeyRow> {
  const { rows } = await ctx.db.query<KeyRow>("select * from emu_api_keys where id = $1 and archived_at is null", [
    request.params.apiKeyId,
  ]);
  const key = rows[0];
  if (!key) throw new ProviderError(404, "not_found", "API key not found");
  const mine = key.user_id === person.id || (key.org_id !== null && (await managesOrgKeys(ctx, person, key.org_id)));
  if (!mine) throw forbidden("You don't have permission to manage this API key");
  return key;
}

/** personal_api_keys, org_api_keys, and creating, renaming and deleting keys. Tokens are shown once and stored hashed. */
export function apiKeyRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/api/fe/v3/personal_api_keys", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    if (!(await ctx.settings()).personalApiKeys) throw disabled("Personal API keys are not enabled");
    return listKeys(ctx, request, "user_id", person.id);
  });

  router.add("GET", "/api/fe/v3/org_api_keys", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const orgId = request.url.searchParams.get("org_id") ?? "";
    if (!orgId) throw invalidFields({ org_id: { code: "required", message: "Organization is required" } });
    if (!(await ctx.settings()).orgApiKeys) throw disabled("Organization API keys are not enabled");
    if (!(await findOrg(ctx, orgId))) throw new ProviderError(404, "org_not_found", "Organization not found");
    if (!(await managesOrgKeys(ctx, person, orgId)))
      throw forbidden("You don't have permission to view this organization's API keys");
    return listKeys(ctx, request, "org_id", orgId);
  });

  router.add("POST", "/api/fe/v3/api_keys", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const settings = await ctx.settings();
    const body = bodyOf(request);
    const orgId = optionalText(body, "org_id");
    const displayName = optionalText(body, "display_name");
    const problem = displayNameProblem(displayName, false);
    if (problem) throw invalidFields(problem);
    const option = optionalText(body, "expiration_option") ?? "Never";
    if (!Object.hasOwn(API_KEY_LIFETIMES, option) || !settings.apiKeyExpirationOptions.includes(option))
      throw new ProviderError(400, "bad_request", "Invalid expiration option");
    const allowed =
      orgId === undefined
        ? settings.personalApiKeys
        : settings.orgApiKeys && (await findOrg(ctx, orgId)) !== null && (await managesOrgKeys(ctx, person, orgId));
    if (!allowed) throw forbidden("You don't have permission to create API keys");
    const lifetime = API_KEY_LIFETIMES[option] ?? null;
    const owner = orgId === undefined ? { userId: person.id } : { orgId };
    const { id, token } = await createApiKey(ctx, owner, displayName ?? null, lifetime);
    return ok({ api_key_id: id, api_key_token: token });
  });

  router.add("PATCH", "/api/fe/v3/api_keys/:apiKeyId", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const displayName = optionalText(bodyOf(request), "display_name");
    const problem = displayNameProblem(displayName, true);
    if (problem) throw invalidFields(problem);
    const key = await ownedKey(ctx, request, person);
    await ctx.db.query("update emu_api_keys set display_name = $2 where id = $1", [key.id, displayName!.trim()]);
    return noContent();
  });

  router.add("DELETE", "/api/fe/v3/api_keys/:apiKeyId", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: true });
    const key = await ownedKey(ctx, request, person);
    await deleteApiKey(ctx, key.id);
    return noContent();
  });
}
