import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound, fieldError } from "../http/backend-errors.js";
import { orgNotFound } from "../http/errors.js";
import { bodyOf, textList } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { findOrg } from "../store/orgs.js";
import { getPerson, getPersonByEmail, type Person } from "../store/people.js";
import { backendRegistrar } from "./backend-edge.js";
import { backendPaging, pageWire, queryFlag, userWire } from "./backend-wire.js";

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

/** The people of some ids, in that order (ids of nobody left out). */
async function peopleOf(ctx: EmulatorContext, ids: readonly string[]): Promise<Person[]> {
  const people: Person[] = [];
  for (const id of ids) {
    const person = await getPerson(ctx, id);
    if (person) people.push(person);
  }
  return people;
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
      const includeOrgs = queryFlag(request, "include_orgs");
      return ok(await Promise.all(people.map((person) => userWire(ctx, person, includeOrgs))));
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
    const { rows } = await ctx.db.query<{ id: string }>(
      `select u.id from users u left join emu_profiles p on p.user_id = u.id
       where (strpos(lower(u.email), lower($1)) > 0 or strpos(lower(coalesce(p.username, '')), lower($1)) > 0)
         and ($2::text is null or p.legacy_user_id = $2) order by ${order}, u.id`,
      [search, legacy],
    );
    return usersPage(ctx, request, rows, page, () => ({}));
  });

  add("GET", "/api/backend/v1/user/org/:orgId", async (request) => {
    const org = await findOrg(ctx, request.params.orgId!);
    if (!org) throw orgNotFound();
    const page = backendPaging(request);
    const role = request.url.searchParams.get("role");
    const { rows } = await ctx.db.query<{ id: string; role: string; additional_roles: string[] }>(
      `select m.user_id as id, m.role, m.additional_roles from emu_memberships m join users u on u.id = m.user_id
       where m.org_id = $1 and ($2::text is null or m.role = $2) order by m.created_at, m.user_id`,
      [org.id, role],
    );
    const roles = new Map(rows.map((r) => [r.id, r]));
    return usersPage(ctx, request, rows, page, (id) => ({
      role_in_org: roles.get(id)?.role,
      additional_roles_in_org: roles.get(id)?.additional_roles ?? [],
    }));
  });

  add("GET", "/api/backend/v1/user/:userId", async (request) =>
    one(request, await getPerson(ctx, request.params.userId!)),
  );
}

/** One page of users (`rows` holds every match, in order), each with `extraOf` its id added. */
async function usersPage(
  ctx: EmulatorContext,
  request: Request,
  rows: { id: string }[],
  page: { pageNumber: number; pageSize: number },
  extraOf: (id: string) => Record<string, unknown>,
) {
  const start = page.pageNumber * page.pageSize;
  const people = await peopleOf(
    ctx,
    rows.slice(start, start + page.pageSize).map((r) => r.id),
  );
  const includeOrgs = queryFlag(request, "include_orgs");
  const users = await Promise.all(
    people.map(async (person) => ({ ...(await userWire(ctx, person, includeOrgs)), ...extraOf(person.id) })),
  );
  return ok(pageWire(users, rows.length, page, "users", "total_users"));
}
