import { writeSettings, type EmulatorContext } from "./context.js";
import { enableMfa } from "./mfa-store.js";
import { insertOrg, putMembership, urlSafe } from "./orgs.js";
import { createPerson, getPersonByEmail } from "./people.js";
import { hashPassword, randomToken, sha256 } from "./secrets.js";
import type { EmulatorSettings } from "./settings.js";

/** A user to seed. `password` is hashed on the way in; `mfaSecret` turns MFA on with that base32 secret. */
export interface SeedUser {
  id?: string;
  email: string;
  password?: string;
  emailConfirmed?: boolean;
  username?: string;
  firstName?: string;
  lastName?: string;
  pictureUrl?: string;
  properties?: Record<string, unknown>;
  locked?: boolean;
  enabled?: boolean;
  canCreateOrgs?: boolean;
  /** The user must set a new password at the next login. */
  mustChangePassword?: boolean;
  legacyUserId?: string;
  mfaSecret?: string;
  backupCodes?: string[];
}

/** An org to seed, with its members (by e-mail) and invitations. */
export interface SeedOrg {
  id: string;
  name: string;
  domain?: string;
  autojoinByDomain?: boolean;
  restrictToDomain?: boolean;
  roleStructure?: "single_role_in_hierarchy" | "multi_role";
  metadata?: Record<string, unknown>;
  maxUsers?: number;
  samlEnabled?: boolean;
  require2faBy?: string;
  legacyOrgId?: string;
  members?: { email: string; role: string; additionalRoles?: string[] }[];
  /** `expiresInSeconds` below zero seeds an expired invitation. */
  invitations?: { email: string; role: string; additionalRoles?: string[]; expiresInSeconds?: number }[];
}

/** What an emulator starts with: settings, people and orgs. */
export interface EmulatorSeed {
  settings?: Partial<EmulatorSettings>;
  users?: SeedUser[];
  orgs?: SeedOrg[];
}

/** Each seed user's password hash, made once per process (its own salt), so resets do not re-run scrypt. */
const seedHashes = new WeakMap<SeedUser, string>();

async function seedPasswordHash(user: SeedUser, password: string): Promise<string> {
  const known = seedHashes.get(user);
  if (known) return known;
  const hash = await hashPassword(password);
  seedHashes.set(user, hash);
  return hash;
}

/** Adds a seed's settings, users and orgs to the emulator's state. */
export async function applySeed(ctx: EmulatorContext, seed: EmulatorSeed): Promise<void> {
  if (seed.settings) await writeSettings(ctx.db, seed.settings);
  for (const user of seed.users ?? []) {
    const { password, mfaSecret, backupCodes, ...fields } = user;
    const person = await createPerson(ctx, {
      emailConfirmed: true,
      ...fields,
      passwordHash: password === undefined ? null : await seedPasswordHash(user, password),
    });
    if (mfaSecret) await enableMfa(ctx, person.id, mfaSecret, backupCodes);
  }
  for (const org of seed.orgs ?? []) {
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
      await ctx.db.query(
        "insert into emu_invitations (org_id, email, role, additional_roles, token_hash, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)",
        [
          org.id,
          invite.email,
          invite.role,
          JSON.stringify(invite.additionalRoles ?? []),
          sha256(randomToken()),
          new Date(ctx.now().getTime() + (invite.expiresInSeconds ?? 7 * 86_400) * 1000),
          ctx.now(),
        ],
      );
    }
  }
}
