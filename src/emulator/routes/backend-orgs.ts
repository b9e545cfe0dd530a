import type { EmulatorContext } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { assertFields, orgNotFound, ProviderError } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalObject, optionalText, requiredText, textList } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { insertOrg, orgRecords, urlSafe } from "../store/orgs.js";
import { newId } from "../tokens/secrets.js";
import { backendRegistrar } from "./backend-edge.js";
import { assertRoleMapping } from "./backend-role-mappings.js";
import { backendPaging, orgListItem, orgWire, pageWire } from "./backend-wire.js";

/** The provider's org orderings. */
const ORG_ORDERS = new Map([
  ["CREATED_AT_ASC", "created_at asc, id"],
  ["CREATED_AT_DESC", "created_at desc, id"],
  ["NAME", "lower(name), id"],
]);

/**
 * Settings the backend stores for an org, with how each is checked: the emulator acts on `can_setup_saml` (answered
 * by fetch org) and `custom_role_mapping_name` (the org's roles), and only stores the others.
 */
const EXTRAS: [string, (body: Record<string, unknown>, name: string) => unknown][] = [
  ["can_setup_saml", optionalFlag],
  ["extra_domains", (body, name) => (body[name] === undefined ? undefined : textList(body, name))],
  ["password_rotation_enabled", optionalFlag],
  ["password_rotation_history_size", (body, name) => optionalCount(body, name, 0)],
  ["password_rotation_period", (body, name) => optionalCount(body, name, 0)],
  ["custom_role_mapping_name", optionalText],
];

/** The largest count a database integer holds. */
const MAX_COUNT = 2_147_483_647;

/** A whole number from `min` to MAX_COUNT, or undefined when absent. */
function optionalCount(body: Record<string, unknown>, name: string, min: number): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > MAX_COUNT)
    throw fieldError(name, `Must be a whole number from ${min} to ${MAX_COUNT}`);
  return value as number;
}

/** An org name's problem: required, at most 100 characters. */
const nameProblem = (name: string | undefined) =>
  name !== undefined && (name.trim() === "" || name.length > 100)
    ? { code: "invalid_value", message: "An organization name has 1 to 100 characters" }
    : undefined;

/** The extra settings a body sets. */
function extrasOf(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(EXTRAS.map(([name, read]) => [name, read(body, name)]).filter(([, v]) => v !== undefined));
}

/** The query of an org search: the JSON body (the Node library's POST) or the query string (other SDKs' GET). */
function orgQueryOf(request: Request): Request {
  if (request.method !== "POST") return request;
  const url = new URL(request.url);
  for (const [name, value] of Object.entries(bodyOf(request)))
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  return { ...request, url };
}

/** The backend's org calls: create, fetch, query, update (settings, metadata, limits), delete. */
export function backendOrgRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  const orgsOn = async () => {
    if (!(await ctx.settings()).orgs) throw new ProviderError(426, "action_disabled", "Organizations are not enabled");
  };

  const createOrg = async (request: Request) => {
    await orgsOn();
    const body = bodyOf(request);
    const name = requiredText(body, "name");
    const autojoin = optionalFlag(body, "enable_auto_joining_by_domain") ?? false;
    const restrict = optionalFlag(body, "members_must_have_matching_domain") ?? false;
    const domain = optionalText(body, "domain")?.trim().toLowerCase() || null;
    assertFields({
      name: nameProblem(name),
      domain:
        (autojoin || restrict) && domain === null
          ? { code: "required", message: "A domain is needed to join or restrict by domain" }
          : undefined,
    });
    const org = {
      id: newId(),
      name: name.trim(),
      urlSafeName: urlSafe(name),
      metadata: {},
      roleStructure: "single_role_in_hierarchy" as const,
      domain,
      autojoinByDomain: autojoin,
      restrictToDomain: restrict,
      require2faBy: null,
      maxUsers: optionalCount(body, "max_users", 1) ?? null,
      samlEnabled: false,
      legacyOrgId: optionalText(body, "legacy_org_id") ?? null,
    };
    const extras = extrasOf({ custom_role_mapping_name: body.custom_role_mapping_name });
    if (typeof extras.custom_role_mapping_name === "string")
      await assertRoleMapping(ctx, null, extras.custom_role_mapping_name);
    await insertOrg(ctx, org);
    await ctx.db.query("update emu_orgs set extras = $2 where id = $1", [org.id, JSON.stringify(extras)]);
    return ok({ org_id: org.id, name: org.name });
  };
  add("POST", "/api/backend/v1/org/", createOrg);
  add("POST", "/api/backend/v1/org", createOrg);

  const queryOrgs = async (request: Request) => {
    await orgsOn();
    const query = orgQueryOf(request).url.searchParams;
    const page = backendPaging(orgQueryOf(request));
    const order = ORG_ORDERS.get(query.get("order_by") ?? "CREATED_AT_ASC");
    if (!order) throw fieldError("order_by", `One of ${[...ORG_ORDERS.keys()].join(", ")}`);
    const orgs = await orgRecords(
      ctx,
      "strpos(lower(name), lower($1)) > 0 and ($2::text is null or legacy_org_id = $2) and ($3::text is null or lower(domain) = lower($3))",
      [query.get("name") ?? "", query.get("legacy_org_id"), query.get("domain")],
      order,
    );
    const start = page.pageNumber * page.pageSize;
    const items = orgs.slice(start, start + page.pageSize).map(orgListItem);
    return ok(pageWire(items, orgs.length, page, "orgs", "total_orgs"));
  };
  add("POST", "/api/backend/v1/org/query", queryOrgs);
  add("GET", "/api/backend/v1/org/query", queryOrgs);

  const findRecord = async (request: Request) => {
    await orgsOn();
    const [org] = await orgRecords(ctx, "id = $1", [request.params.orgId!]);
    if (!org) throw orgNotFound();
    return org;
  };
  add("GET", "/api/backend/v1/org/:orgId", async (request) => ok(orgWire(await findRecord(request))));

  add("PUT", "/api/backend/v1/org/:orgId", async (request) => {
    const org = await findRecord(request);
    const body = bodyOf(request);
    const name = optionalText(body, "name");
    const rawDeadline = optionalText(body, "require_2fa_by");
    const deadline = rawDeadline === undefined ? undefined : new Date(rawDeadline);
    assertFields({
      name: nameProblem(name),
      require_2fa_by:
        deadline && Number.isNaN(deadline.getTime())
          ? { code: "invalid_value", message: "Must be a date and time" }
          : undefined,
    });
    const metadata = optionalObject(body, "metadata");
    const maxUsers = optionalCount(body, "max_users", 1);
    // `max_users: null` lifts the limit; a body without the field leaves it as it is.
    const clearMaxUsers = body.max_users === null;
    const extras = extrasOf(body);
    if (typeof extras.custom_role_mapping_name === "string")
      await assertRoleMapping(ctx, org.id, extras.custom_role_mapping_name);
    const domain = optionalText(body, "domain");
    await ctx.db.query(
      `update emu_orgs set name = coalesce($2, name), url_safe_name = coalesce($3, url_safe_name),
         metadata = coalesce($4::jsonb, metadata), max_users = case when $12 then null else coalesce($5, max_users) end,
         autojoin_by_domain = coalesce($6, autojoin_by_domain), restrict_to_domain = coalesce($7, restrict_to_domain),
         domain = coalesce($8, domain), legacy_org_id = coalesce($9, legacy_org_id),
         require_2fa_by = coalesce($10, require_2fa_by), extras = extras || $11::jsonb where id = $1`,
      [
        org.id,
        name?.trim() ?? null,
        name === undefined ? null : urlSafe(name),
        metadata === undefined ? null : JSON.stringify(metadata),
        maxUsers ?? null,
        optionalFlag(body, "autojoin_by_domain") ?? null,
        optionalFlag(body, "restrict_to_domain") ?? null,
        domain === undefined ? null : domain.trim().toLowerCase(),
        optionalText(body, "legacy_org_id") ?? null,
        deadline ?? null,
        JSON.stringify(extras),
        clearMaxUsers,
      ],
    );
    return ok({});
  });

  add("DELETE", "/api/backend/v1/org/:orgId", async (request) => {
    const org = await findRecord(request);
    await ctx.db.query("delete from emu_orgs where id = $1", [org.id]);
    return ok({});
  });
}
