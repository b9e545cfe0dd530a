import type { EmulatorContext } from "./context.js";
import { inTransaction } from "../db/sql.js";
import { orgNotFound, ProviderError } from "../http/errors.js";

/** An organisation and its rules. */
export interface Org {
  id: string;
  name: string;
  urlSafeName: string;
  metadata: Record<string, unknown>;
  roleStructure: "single_role_in_hierarchy" | "multi_role";
  domain: string | null;
  autojoinByDomain: boolean;
  restrictToDomain: boolean;
  require2faBy: Date | null;
  maxUsers: number | null;
  samlEnabled: boolean;
  legacyOrgId: string | null;
  /** The custom role mapping it is subscribed to (its members' roles come from it); null or absent: the defaults. */
  roleMapping?: string | null;
}

/** One person's membership of one org. */
export interface Membership {
  orgId: string;
  userId: string;
  role: string;
  additionalRoles: string[];
}

type OrgRow = {
  id: string;
  name: string;
  url_safe_name: string;
  metadata: Record<string, unknown>;
  role_structure: Org["roleStructure"];
  domain: string | null;
  autojoin_by_domain: boolean;
  restrict_to_domain: boolean;
  require_2fa_by: Date | null;
  max_users: number | null;
  saml_enabled: boolean;
  legacy_org_id: string | null;
  extras?: Record<string, unknown>;
};
const toOrg = (r: OrgRow): Org => ({
  id: r.id,
  name: r.name,
  urlSafeName: r.url_safe_name,
  metadata: r.metadata,
  roleStructure: r.role_structure,
  domain: r.domain,
  autojoinByDomain: r.autojoin_by_domain,
  restrictToDomain: r.restrict_to_domain,
  require2faBy: r.require_2fa_by,
  maxUsers: r.max_users,
  samlEnabled: r.saml_enabled,
  legacyOrgId: r.legacy_org_id,
  roleMapping: (r.extras?.custom_role_mapping_name as string | undefined) ?? null,
});

/** A URL-safe form of an org name: lower-case words joined by hyphens. */
export const urlSafe = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "org";

/** Loads an org, or null. */
export async function findOrg(ctx: EmulatorContext, id: string): Promise<Org | null> {
  const { rows } = await ctx.db.query<OrgRow>("select * from emu_orgs where id = $1", [id]);
  return rows[0] ? toOrg(rows[0]) : null;
}

/** Loads an org, or throws org_not_found. */
export async function requireOrg(ctx: EmulatorContext, id: string): Promise<Org> {
  const org = await findOrg(ctx, id);
  if (!org) throw orgNotFound();
  return org;
}

/** Every org matching a where-clause over emu_orgs. */
export async function listOrgs(ctx: EmulatorContext, where: string, params: unknown[]): Promise<Org[]> {
  const { rows } = await ctx.db.query<OrgRow>(`select * from emu_orgs where ${where} order by name`, params);
  return rows.map(toOrg);
}

/** An org with what only the backend API reads: its creation time and the settings the emulator does not act on. */
export interface OrgRecord extends Org {
  createdAt: Date;
  extras: Record<string, unknown>;
}

/** The orgs matching a where-clause over emu_orgs (alias-free), in `order`, with their backend fields. */
export async function orgRecords(
  ctx: EmulatorContext,
  where: string,
  params: unknown[],
  order = "name, id",
): Promise<OrgRecord[]> {
  const { rows } = await ctx.db.query<OrgRow & { created_at: Date; extras: Record<string, unknown> }>(
    `select * from emu_orgs where ${where} order by ${order}`,
    params,
  );
  return rows.map((r) => ({ ...toOrg(r), createdAt: r.created_at, extras: r.extras }));
}

/** Creates an org. */
export async function insertOrg(ctx: EmulatorContext, org: Org): Promise<void> {
  await ctx.db.query(
    `insert into emu_orgs (id, name, url_safe_name, metadata, role_structure, domain, autojoin_by_domain, restrict_to_domain, require_2fa_by, max_users, saml_enabled, legacy_org_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      org.id,
      org.name,
      org.urlSafeName,
      JSON.stringify(org.metadata),
      org.roleStructure,
      org.domain,
      org.autojoinByDomain,
      org.restrictToDomain,
      org.require2faBy,
      org.maxUsers,
      org.samlEnabled,
      org.legacyOrgId,
      ctx.now(),
    ],
  );
}

type MembershipRow = { org_id: string; user_id: string; role: string; additional_roles: string[] };
const toMembership = (r: MembershipRow): Membership => ({
  orgId: r.org_id,
  userId: r.user_id,
  role: r.role,
  additionalRoles: r.additional_roles,
});

/** A person's membership of an org, or null. */
export async function findMembership(ctx: EmulatorContext, orgId: string, userId: string): Promise<Membership | null> {
  const { rows } = await ctx.db.query<MembershipRow>(
    "select * from emu_memberships where org_id = $1 and user_id = $2",
    [orgId, userId],
  );
  return rows[0] ? toMembership(rows[0]) : null;
}

/** Every membership of a person, with its org. */
export async function membershipsOf(
  ctx: EmulatorContext,
  userId: string,
): Promise<{ org: Org; membership: Membership }[]> {
  const { rows } = await ctx.db.query<OrgRow & MembershipRow>(
    "select o.*, m.user_id, m.org_id, m.role, m.additional_roles from emu_memberships m join emu_orgs o on o.id = m.org_id where m.user_id = $1 order by o.name",
    [userId],
  );
  return rows.map((r) => ({ org: toOrg(r), membership: toMembership(r) }));
}

/** The memberships of some people in one query, each person's by org name (people of no org are not in the map). */
export async function membershipsOfPeople(
  ctx: EmulatorContext,
  userIds: readonly string[],
): Promise<Map<string, { org: Org; membership: Membership }[]>> {
  const byUser = new Map<string, { org: Org; membership: Membership }[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await ctx.db.query<OrgRow & MembershipRow>(
    "select o.*, m.user_id, m.org_id, m.role, m.additional_roles from emu_memberships m join emu_orgs o on o.id = m.org_id where m.user_id = any($1::text[]) order by o.name",
    [[...new Set(userIds)]],
  );
  for (const r of rows) {
    const list = byUser.get(r.user_id) ?? [];
    list.push({ org: toOrg(r), membership: toMembership(r) });
    byUser.set(r.user_id, list);
  }
  return byUser;
}

/** Adds (or replaces) a membership. */
export async function putMembership(ctx: EmulatorContext, m: Membership): Promise<void> {
  await ctx.db.query(
    `insert into emu_memberships (org_id, user_id, role, additional_roles, created_at) values ($1, $2, $3, $4, $5)
     on conflict (org_id, user_id) do update set role = excluded.role, additional_roles = excluded.additional_roles`,
    [m.orgId, m.userId, m.role, JSON.stringify(m.additionalRoles), ctx.now()],
  );
}

/** How many members of an org hold its highest role (`ownerRole`, the first of the settings' roles). */
export async function ownerCount(ctx: EmulatorContext, orgId: string, ownerRole: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    "select count(*)::int as n from emu_memberships where org_id = $1 and role = $2",
    [orgId, ownerRole],
  );
  return rows[0]?.n ?? 0;
}

/** The answer when a person already belongs to as many orgs as a user may. */
const maxOrgsReached = (): ProviderError =>
  new ProviderError(409, "user_max_orgs_limit_exceeded", "You have reached the maximum number of organizations");

/**
 * Runs `work` (which adds the person to an org) in one transaction holding the person's row lock, after counting
 * their orgs: requests at once, also from two emulators on one database, take turns, so the person never ends up in
 * more than `max` orgs (`user_max_orgs_limit_exceeded`). `work` gets the transaction's context and the count before.
 */
export function withinOrgLimit<T>(
  ctx: EmulatorContext,
  userId: string,
  max: number,
  work: (tx: EmulatorContext, orgsBefore: number) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.db, async (db) => {
    await db.query("select user_id from emu_profiles where user_id = $1 for update", [userId]);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from emu_memberships where user_id = $1",
      [userId],
    );
    const before = rows[0]?.n ?? 0;
    if (before >= max) throw maxOrgsReached();
    return work({ ...ctx, db }, before);
  });
}
