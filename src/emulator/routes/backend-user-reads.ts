import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound, fieldError } from "../http/backend-errors.js";
import { orgNotFound } from "../http/errors.js";
import { bodyOf, textList } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { findOrg } from "../store/orgs.js";
import { getPeople, getPerson, getPersonByEmail, type Person } from "../store/people.js";
import { backendRegistrar } from "./backend-edge.js";
import { backendPaging, pageWire, queryFlag, userWire, usersWire } from "./backend-wire.js";
import { pageOf } from "../store/paged-rows.js";

/** The provider's user orderings, as SQL over `users u` joined with `emu_profiles p`. */
const USER_ORDERS = new Map([
  ["CREATED_AT_ASC", "p.created_at asc"],
  ["CREATED_AT_DESC", "p.created_at desc"],
  ["LAST_ACTIVE_AT_ASC", "p.last_active_at asc"],
  ["LAST_ACTIVE_AT_DESC", "p.last_active_at desc"],
  ["EMAIL", "lower(u.email) asc"],
  ["USERNAME", "lower(p.username) asc nulls last"],
]);

/** The most values one batch fetch may name. */
const BATCH_LIMIT = 100;

/** The people of some ids, in that order (ids of nobody left out), loaded in one query. */
async function peopleOf(ctx: EmulatorContext, ids: readonly string[]): Promise<Person[]> {
  const people = await getPeople(ctx, ids);
  return ids.flatMap((id) => people.get(id) ?? []);
}

/** A required query parameter. */
function requiredQuery(request: Request, name: string): string {
  const value = request.url.searchParams.get(name);
  if (!value) throw fieldError(name, "This parameter is required", "required");
  return value;
}

/** The ids of users whose lower-cased `column` is one of `values`. */
async function idsWhere(ctx: EmulatorContext, column: string, values: string[]): Promise<string[]> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `select u.id from users u left join emu_profiles p on p.user_id = u.id where lower(${column}) = any($1::text[]) order by lower(u.email)`,
    [values.map((v) => v.toLowerCase())],
  );
  return rows.map((r) => r.id);
}

/** The backend's user reads: by id, e-mail or username, in batches, by query, and the members of an org. */
export function backendUserReadRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  const one = async (request: Request, person: Person | null | undefined) => {
    if (!person) throw backendUserNotFound();
    return ok(await userWire(ctx, person, queryFlag(request, "include_orgs")));
  };
  const batch = (path: string, field: string, column: string) =>
    add("POST", `/api/backend/v1/user/${path}`, async (request) => {
      const values = textList(bodyOf(request), field);
      if (values.length > BATCH_LIMIT) throw fieldError(field, `At most ${BATCH_LIMIT} values`, "too_long");
      const people =
        column === "u.id" ? await peopleOf(ctx, values) : await peopleOf(ctx, await idsWhere(ctx, column, values));
      return ok(await usersWire(ctx, people, queryFlag(request, "include_orgs")));
    });

  add("GET", "/api/backend/v1/user/email", async (request) =>
    one(request, await getPersonByEmail(ctx, requiredQuery(request, "email"))),
  );
  add("GET", "/api/backend/v1/user/username", async (request) => {
    const [id] = await idsWhere(ctx, "p.username", [requiredQuery(request, "username")]);
    return one(request, id === undefined ? null : await getPerson(ctx, id));
  });
  batch("user_ids", "user_ids", "u.id");
  batch("emails", "emails", "u.email");
  batch("usernames", "usernames", "p.username");

  add("GET", "/api/backend/v1/user/query", async (request) => {
    const query = request.url.searchParams;
    const page = backendPaging(request);
    const order = USER_ORDERS.get(query.get("order_by") ?? "CREATED_AT_ASC");
    if (!order) throw fieldError("order_by", `One of ${[...USER_ORDERS.keys()].join(", ")}`);
    const search = query.get("email_or_username") ?? "";
    const legacy = query.get("legacy_user_id");
    const found = await pageOf<{ id: string }>(
      ctx,
      `select u.id, count(*) over ()::int as total_rows from users u left join emu_profiles p on p.user_id = u.id
       where (strpos(lower(u.email), lower($1)) > 0 or strpos(lower(coalesce(p.username, '')), lower($1)) > 0)
         and ($2::text is null or p.legacy_user_id = $2)`,
      [search, legacy],
      `${order}, u.id`,
      page,
    );
    return usersPage(ctx, request, found, page, () => ({}));
  });

  add("GET", "/api/backend/v1/user/org/:orgId", async (request) => {
    const org = await findOrg(ctx, request.params.orgId!);
    if (!org) throw orgNotFound();
    const page = backendPaging(request);
    const role = request.url.searchParams.get("role");
    const found = await pageOf<{ id: string; role: string; additional_roles: string[] }>(
      ctx,
      `select m.user_id as id, m.role, m.additional_roles, count(*) over ()::int as total_rows
       from emu_memberships m join users u on u.id = m.user_id where m.org_id = $1 and ($2::text is null or m.role = $2)`,
      [org.id, role],
      "m.created_at, m.user_id",
      page,
    );
    const roles = new Map(found.rows.map((r) => [r.id, r]));
    return usersPage(ctx, request, found, page, (id) => ({
      role_in_org: roles.get(id)?.role,
      additional_roles_in_org: roles.get(id)?.additional_roles ?? [],
    }));
  });

  add("GET", "/api/backend/v1/user/:userId", async (request) =>
    one(request, await getPerson(ctx, request.params.userId!)),
  );
}

/** One page of users (`found` holds the page's ids, in order, and how many match), each with `extraOf` its id added. */
async function usersPage(
  ctx: EmulatorContext,
  request: Request,
  found: { rows: { id: string }[]; total: number },
  page: { pageNumber: number; pageSize: number },
  extraOf: (id: string) => Record<string, unknown>,
) {
  const people = await peopleOf(
    ctx,
    found.rows.map((r) => r.id),
  );
  const wires = await usersWire(ctx, people, queryFlag(request, "include_orgs"));
  const users = wires.map((wire, i) => ({ ...wire, ...extraOf(people[i]!.id) }));
  return ok(pageWire(users, found.total, page, "users", "total_users"));
}
