import type * as z from "zod";
import { writeSettings, type EmulatorContext } from "../store/context.js";
import { enableMfa } from "../store/mfa-store.js";
import { insertOrg, putMembership, urlSafe } from "../store/orgs.js";
import { createPerson, getPersonByEmail } from "../store/people.js";
import { hashPassword, randomToken, sha256 } from "../tokens/secrets.js";
import type { seedApiKeySchema, seedOrgSchema, seedSchema, seedUserSchema } from "./seed-schema.js";

/** A user to seed. `password` is hashed on the way in (`passwordHash` is taken as is); `mfaSecret` turns MFA on. */
export type SeedUser = z.output<typeof seedUserSchema>;

/** An org to seed, with its members (by e-mail) and invitations (`expiresInSeconds` below zero: expired). */
export type SeedOrg = z.output<typeof seedOrgSchema>;

/** A personal (`userId`) or org (`orgId`) API key to seed, by the hash of its secret. */
export type SeedApiKey = z.output<typeof seedApiKeySchema>;

/** What an emulator starts with: settings, people, orgs and API keys (the format of `--seed FILE`). */
export type EmulatorSeed = z.output<typeof seedSchema>;

/** Each seed user's password hash, made once per process (its own salt), so resets do not re-run scrypt. */
const seedHashes = new WeakMap<SeedUser, string>();

async function seedPasswordHash(user: SeedUser): Promise<string | null> {
  if (user.passwordHash !== undefined) return user.passwordHash;
  if (user.password === undefined) return null;
  const known = seedHashes.get(user);
  if (known) return known;
  const hash = await hashPassword(user.password);
  seedHashes.set(user, hash);
  return hash;
}

async function applyUser(ctx: EmulatorContext, user: SeedUser): Promise<void> {
  const { password: _password, passwordHash: _hash, mfaSecret, backupCodes, createdAt, ...fields } = user;
  const person = await createPerson(ctx, {
    emailConfirmed: true,
    ...fields,
    passwordHash: await seedPasswordHash(user),
  });
  if (mfaSecret) await enableMfa(ctx, person.id, mfaSecret, backupCodes);
  if (createdAt)
    await ctx.db.query("update emu_profiles set created_at = $2, last_active_at = $2 where user_id = $1", [
      person.id,
      new Date(createdAt),
    ]);
}

async function applyOrg(ctx: EmulatorContext, org: SeedOrg): Promise<void> {
  await insertOrg(ctx, {
    id: org.id,
    name: org.name,
    urlSafeName: urlSafe(org.name),
    metadata: org.metadata ?? {},
    roleStructure: org.roleStructure ?? "single_role_in_hierarchy",
    domain: org.domain ?? null,
    autojoinByDomain: org.autojoinByDomain ?? false,
    restrictToDomain: org.restrictToDomain ?? false,
    require2faBy: org.require2faBy ? new Date(org.require2faBy) : null,
    maxUsers: org.maxUsers ?? null,
    samlEnabled: org.samlEnabled ?? false,
    legacyOrgId: org.legacyOrgId ?? null,
  });
  if (org.createdAt)
    await ctx.db.query("update emu_orgs set created_at = $2 where id = $1", [org.id, new Date(org.createdAt)]);
  for (const member of org.members ?? []) {
    const person = await getPersonByEmail(ctx, member.email);
    if (!person) throw new Error(`Seed: org ${org.id} names ${member.email}, who is not among the seed's users`);
    await putMembership(ctx, {
      orgId: org.id,
      userId: person.id,
      role: member.role,
      additionalRoles: member.additionalRoles ?? [],
    });
  }
  for (const invite of org.invitations ?? []) {
    const expiresAt = invite.expiresAt
      ? new Date(invite.expiresAt)
      : new Date(ctx.now().getTime() + (invite.expiresInSeconds ?? 7 * 86_400) * 1000);
    await ctx.db.query(
      "insert into emu_invitations (org_id, email, role, additional_roles, token_hash, invited_by, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)",
      [
        org.id,
        invite.email,
        invite.role,
        JSON.stringify(invite.additionalRoles ?? []),
        sha256(randomToken()),
        invite.invitedBy ?? null,
        expiresAt,
        ctx.now(),
      ],
    );
  }
}

async function applyApiKey(ctx: EmulatorContext, key: SeedApiKey): Promise<void> {
  await ctx.db.query(
    "insert into emu_api_keys (id, secret_hash, user_id, org_id, display_name, metadata, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)",
    [
      key.id,
      key.secretHash,
      key.userId ?? null,
      key.orgId ?? null,
      key.displayName ?? null,
      key.metadata === undefined ? null : JSON.stringify(key.metadata),
      key.expiresAt ? new Date(key.expiresAt) : null,
      key.createdAt ? new Date(key.createdAt) : ctx.now(),
    ],
  );
}

/** Adds a seed's settings, users, orgs and API keys to the emulator's state. */
export async function applySeed(ctx: EmulatorContext, seed: EmulatorSeed): Promise<void> {
  if (seed.settings) await writeSettings(ctx.db, seed.settings);
  for (const user of seed.users ?? []) await applyUser(ctx, user);
  for (const org of seed.orgs ?? []) await applyOrg(ctx, org);
  for (const key of seed.apiKeys ?? []) await applyApiKey(ctx, key);
}
