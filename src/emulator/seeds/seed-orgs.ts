/**
 * A seed's orgs (with their members and invitations) and API keys as rows, inserted in batches
 * (db/bulk-insert.ts) on the seed's transaction.
 */
import { insertRows } from "../db/bulk-insert.js";
import type { SqlPort } from "../db/sql.js";
import { urlSafe } from "../store/orgs.js";
import { randomToken, sha256 } from "../tokens/secrets.js";
import type { SeedApiKey, SeedOrg } from "./seed-schema.js";
import { creationTimes } from "./seed-users.js";

const ORG_COLUMNS = [
  "id",
  "name",
  "url_safe_name",
  "metadata",
  "role_structure",
  "domain",
  "autojoin_by_domain",
  "restrict_to_domain",
  "require_2fa_by",
  "max_users",
  "saml_enabled",
  "legacy_org_id",
  "created_at",
];
const INVITATION_COLUMNS = [
  "org_id",
  "email",
  "role",
  "additional_roles",
  "token_hash",
  "invited_by",
  "expires_at",
  "created_at",
];
const API_KEY_COLUMNS = [
  "id",
  "secret_hash",
  "user_id",
  "org_id",
  "display_name",
  "metadata",
  "expires_at",
  "created_at",
];

const WEEK_SECONDS = 7 * 86_400;

/**
 * Inserts `orgs`, their members (resolved through `userIdOf`, by e-mail) and invitations on `tx`, a transaction.
 * Throws when a member names nobody `userIdOf` knows.
 */
export async function insertSeedOrgs(
  tx: SqlPort,
  orgs: readonly SeedOrg[],
  userIdOf: (email: string) => string | undefined,
  now: Date,
): Promise<void> {
  const orgRows: unknown[][] = [];
  const members = new Map<string, unknown[]>();
  const invitations: unknown[][] = [];
  const orgCreated = creationTimes(now, orgs.length);
  const memberCreated = creationTimes(
    now,
    orgs.reduce((sum, org) => sum + (org.members?.length ?? 0), 0),
  );
  const invitationCreated = creationTimes(
    now,
    orgs.reduce((sum, org) => sum + (org.invitations?.length ?? 0), 0),
  );
  for (const [index, org] of orgs.entries()) {
    orgRows.push([
      org.id,
      org.name,
      urlSafe(org.name),
      JSON.stringify(org.metadata ?? {}),
      org.roleStructure ?? "single_role_in_hierarchy",
      org.domain ?? null,
      org.autojoinByDomain ?? false,
      org.restrictToDomain ?? false,
      org.require2faBy ? new Date(org.require2faBy) : null,
      org.maxUsers ?? null,
      org.samlEnabled ?? false,
      org.legacyOrgId ?? null,
      org.createdAt ? new Date(org.createdAt) : orgCreated(index),
    ]);
    for (const member of org.members ?? []) {
      const userId = userIdOf(member.email);
      if (!userId) throw new Error(`Seed: org ${org.id} names ${member.email}, who is not among the seed's users`);
      // A member named twice keeps the last entry, as one membership per person and org.
      members.set(`${org.id}\n${userId}`, [
        org.id,
        userId,
        member.role,
        JSON.stringify(member.additionalRoles ?? []),
        memberCreated(members.size),
      ]);
    }
    for (const invite of org.invitations ?? []) {
      const expiresAt = invite.expiresAt
        ? new Date(invite.expiresAt)
        : new Date(now.getTime() + (invite.expiresInSeconds ?? WEEK_SECONDS) * 1000);
      invitations.push([
        org.id,
        invite.email,
        invite.role,
        JSON.stringify(invite.additionalRoles ?? []),
        sha256(randomToken()),
        invite.invitedBy ?? null,
        expiresAt,
        invitationCreated(invitations.length),
      ]);
    }
  }
  await insertRows(tx, "emu_orgs", ORG_COLUMNS, orgRows);
  await insertRows(
    tx,
    "emu_memberships",
    ["org_id", "user_id", "role", "additional_roles", "created_at"],
    [...members.values()],
    "on conflict (org_id, user_id) do update set role = excluded.role, additional_roles = excluded.additional_roles",
  );
  await insertRows(tx, "emu_invitations", INVITATION_COLUMNS, invitations);
}

/** Inserts a seed's API keys on `tx`, by the hash of their secrets. */
export async function insertSeedApiKeys(tx: SqlPort, keys: readonly SeedApiKey[], now: Date): Promise<void> {
  const created = creationTimes(now, keys.length);
  const rows = keys.map((key, index) => [
    key.id,
    key.secretHash,
    key.userId ?? null,
    key.orgId ?? null,
    key.displayName ?? null,
    key.metadata === undefined ? null : JSON.stringify(key.metadata),
    key.expiresAt ? new Date(key.expiresAt) : null,
    key.createdAt ? new Date(key.createdAt) : created(index),
  ]);
  await insertRows(tx, "emu_api_keys", API_KEY_COLUMNS, rows);
}
