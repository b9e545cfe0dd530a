/**
 * The current state as a seed: settings, users (password hashes, MFA secrets and unused backup codes included),
 * orgs with members and invitations, and API keys — what `--seed` needs to start an emulator in the same state.
 * Sessions, pending e-mail links, the outbox and rate-limit counters are not part of it. Lists are in a stable
 * order (by creation, then id), so exporting the same state twice writes the same file.
 */
import type { EmulatorContext } from "../store/context.js";
import { readSettings } from "../store/context.js";
import { unusedBackupCodes } from "../store/mfa-store.js";
import { listOrgs } from "../store/orgs.js";
import { getPerson } from "../store/people.js";
import type { EmulatorSeed, SeedApiKey, SeedOrg, SeedUser } from "./seed.js";

/** Where an exported seed points editors for its JSON Schema: the copy inside the installed package. */
const SEED_SCHEMA_REFERENCE = "./node_modules/orgauth/dist/seed.schema.json";

/** Only the entries whose value is set (not undefined, not null): the optional fields left out are the defaults. */
function defined<T extends object>(entries: { [Key in keyof T]: T[Key] | undefined }): T {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null)) as T;
}

async function exportUsers(ctx: EmulatorContext): Promise<SeedUser[]> {
  const { rows } = await ctx.db.query<{ user_id: string }>(
    "select user_id from emu_profiles order by created_at, user_id",
  );
  const users: SeedUser[] = [];
  for (const { user_id } of rows) {
    const person = await getPerson(ctx, user_id);
    if (!person) continue;
    const { rows: mfa } = await ctx.db.query<{ secret: string | null }>(
      "select secret from emu_mfa where user_id = $1 and enabled",
      [user_id],
    );
    const mfaSecret = mfa[0]?.secret ?? undefined;
    users.push(
      defined<SeedUser>({
        id: person.id,
        email: person.email,
        passwordHash: person.passwordHash ?? undefined,
        emailConfirmed: person.emailConfirmed ? undefined : false,
        username: person.username ?? undefined,
        firstName: person.firstName ?? undefined,
        lastName: person.lastName ?? undefined,
        pictureUrl: person.pictureUrl ?? undefined,
        properties: Object.keys(person.properties).length > 0 ? person.properties : undefined,
        locked: person.locked || undefined,
        enabled: person.enabled ? undefined : false,
        canCreateOrgs: person.canCreateOrgs ? undefined : false,
        mustChangePassword: person.mustChangePassword || undefined,
        legacyUserId: person.legacyUserId ?? undefined,
        mfaSecret,
        backupCodes: mfaSecret ? await unusedBackupCodes(ctx, user_id) : undefined,
        createdAt: person.createdAt.toISOString(),
      }),
    );
  }
  return users;
}

type Member = NonNullable<SeedOrg["members"]>[number];
type Invitation = NonNullable<SeedOrg["invitations"]>[number];

async function exportOrgs(ctx: EmulatorContext): Promise<SeedOrg[]> {
  const { rows: created } = await ctx.db.query<{ id: string; created_at: Date }>("select id, created_at from emu_orgs");
  const createdAt = new Map(created.map((r) => [r.id, r.created_at]));
  const orgs = (await listOrgs(ctx, "true", [])).sort(
    (a, b) => createdAt.get(a.id)!.getTime() - createdAt.get(b.id)!.getTime() || a.id.localeCompare(b.id),
  );
  const result: SeedOrg[] = [];
  for (const org of orgs) {
    const { rows: members } = await ctx.db.query<{ email: string; role: string; additional_roles: string[] }>(
      `select u.email, m.role, m.additional_roles from emu_memberships m join users u on u.id = m.user_id
       where m.org_id = $1 order by lower(u.email)`,
      [org.id],
    );
    const { rows: invitations } = await ctx.db.query<{
      email: string;
      role: string;
      additional_roles: string[];
      invited_by: string | null;
      expires_at: Date;
    }>("select * from emu_invitations where org_id = $1 order by lower(email)", [org.id]);
    result.push(
      defined<SeedOrg>({
        id: org.id,
        name: org.name,
        domain: org.domain ?? undefined,
        autojoinByDomain: org.autojoinByDomain || undefined,
        restrictToDomain: org.restrictToDomain || undefined,
        roleStructure: org.roleStructure === "single_role_in_hierarchy" ? undefined : org.roleStructure,
        metadata: Object.keys(org.metadata).length > 0 ? org.metadata : undefined,
        maxUsers: org.maxUsers ?? undefined,
        samlEnabled: org.samlEnabled || undefined,
        require2faBy: org.require2faBy?.toISOString(),
        legacyOrgId: org.legacyOrgId ?? undefined,
        createdAt: createdAt.get(org.id)!.toISOString(),
        members: members.map((m) =>
          defined<Member>({
            email: m.email,
            role: m.role,
            additionalRoles: m.additional_roles.length > 0 ? m.additional_roles : undefined,
          }),
        ),
        invitations: invitations.map((i) =>
          defined<Invitation>({
            email: i.email,
            role: i.role,
            additionalRoles: i.additional_roles.length > 0 ? i.additional_roles : undefined,
            expiresAt: i.expires_at.toISOString(),
            invitedBy: i.invited_by ?? undefined,
          }),
        ),
      }),
    );
  }
  return result;
}

async function exportApiKeys(ctx: EmulatorContext): Promise<SeedApiKey[]> {
  const { rows } = await ctx.db.query<{
    id: string;
    secret_hash: string;
    user_id: string | null;
    org_id: string | null;
    display_name: string | null;
    metadata: Record<string, unknown> | null;
    expires_at: Date | null;
    created_at: Date;
  }>("select * from emu_api_keys where archived_at is null order by created_at, id");
  return rows.map((r) =>
    defined<SeedApiKey>({
      id: r.id,
      secretHash: r.secret_hash,
      userId: r.user_id ?? undefined,
      orgId: r.org_id ?? undefined,
      displayName: r.display_name ?? undefined,
      metadata: r.metadata ?? undefined,
      expiresAt: r.expires_at?.toISOString(),
      createdAt: r.created_at.toISOString(),
    }),
  );
}

/** The emulator's current state as a seed file's content. */
export async function exportSeed(ctx: EmulatorContext): Promise<EmulatorSeed> {
  return {
    $schema: SEED_SCHEMA_REFERENCE,
    settings: await readSettings(ctx.db),
    users: await exportUsers(ctx),
    orgs: await exportOrgs(ctx),
    apiKeys: await exportApiKeys(ctx),
  };
}
