/**
 * The seed format as a zod schema: what `--seed FILE`, `startEmulator({ seed })` and `POST /__emulator/seed` accept,
 * and what an export writes. Objects are strict (an unknown key is an error, so a typo never seeds nothing), and
 * the checked-in JSON Schema (seed.schema.json, for editors) is generated from it by scripts/seed-schema.ts.
 */
import * as z from "zod";
import type { EmulatorSettings } from "../store/settings.js";

const json = z.record(z.string(), z.unknown());
const text = z.string().min(1);
const instant = z.iso.datetime({ offset: true });
const roleDefinition = z.strictObject({ name: text, permissions: z.array(z.string()) });

/** One schema per setting, every setting named (the `satisfies` fails to compile when a setting is missing here). */
const settingsShape = {
  passwordLogin: z.boolean(),
  signup: z.boolean(),
  passwordless: z.boolean(),
  passwordlessWorkEmailOnly: z.boolean(),
  allowedSignupDomains: z.array(z.string()),
  requireEmailConfirmation: z.boolean(),
  requiredUserFields: z.array(z.enum(["first_name", "last_name", "username"])),
  requireOrgMembership: z.boolean(),
  orgs: z.boolean(),
  orgCreation: z.boolean(),
  orgDeletion: z.boolean(),
  emailChange: z.boolean(),
  accountDeletion: z.boolean(),
  personalApiKeys: z.boolean(),
  orgApiKeys: z.boolean(),
  apiKeyExpirationOptions: z.array(z.string()),
  maxOrgsPerUser: z.int().nonnegative(),
  lockAfterFailedLogins: z.int().positive(),
  lockAfterFailedMfa: z.int().positive(),
  mfaLockSeconds: z.int().nonnegative(),
  undeliverableDomains: z.array(z.string()),
  personalDomains: z.array(z.string()),
  accessTokenSeconds: z.int().positive(),
  sessionSeconds: z.int().positive(),
  refreshTokenReuseSeconds: z.int().nonnegative(),
  emailResendSeconds: z.int().nonnegative(),
  apiKeyValidationLimit: z.int().nonnegative(),
  apiKeyValidationWindowSeconds: z.int().positive(),
  backendRateLimitSeconds: z.int().nonnegative(),
  // http(s) only: a `javascript:` or `data:` address would run in the emulator's origin when a page redirects to it
  logoutRedirect: z.url({ protocol: /^https?$/ }).nullable(),
  defaultRedirect: z.url({ protocol: /^https?$/ }).nullable(),
  userPropertiesInTokens: z.boolean(),
  roles: z.array(roleDefinition).min(1),
  additionalRoles: z.array(roleDefinition),
  roleMappings: z.array(
    z.strictObject({ name: text, roles: z.array(roleDefinition).min(1), additionalRoles: z.array(roleDefinition) }),
  ),
} satisfies { [Key in keyof EmulatorSettings]-?: z.ZodType<EmulatorSettings[Key]> };

/** Any subset of the project settings. */
const seedSettingsSchema = z.strictObject(
  Object.fromEntries(Object.entries(settingsShape).map(([key, schema]) => [key, schema.exactOptional()])) as {
    [Key in keyof typeof settingsShape]: z.ZodExactOptional<(typeof settingsShape)[Key]>;
  },
);

/** A user to seed. */
const seedUserSchema = z.strictObject({
  id: text.exactOptional(),
  email: z.email(),
  password: z.string().meta({ description: "A plain password, hashed on the way in." }).exactOptional(),
  passwordHash: z
    .string()
    .regex(/^(scrypt\$|\$2[aby]\$|\$argon2id\$)/)
    .meta({
      description:
        "A stored password hash, as an export writes it: scrypt$…, or a migrated user's bcrypt ($2a$, $2b$, $2y$) or argon2id ($argon2id$); instead of password.",
    })
    .exactOptional(),
  emailConfirmed: z.boolean().exactOptional(),
  username: z.string().exactOptional(),
  firstName: z.string().exactOptional(),
  lastName: z.string().exactOptional(),
  pictureUrl: z.string().exactOptional(),
  properties: json.exactOptional(),
  locked: z.boolean().exactOptional(),
  enabled: z.boolean().exactOptional(),
  canCreateOrgs: z.boolean().exactOptional(),
  mustChangePassword: z.boolean().exactOptional(),
  legacyUserId: z.string().exactOptional(),
  mfaSecret: z
    .string()
    .regex(/^[A-Z2-7]+=*$/, "a base32 secret")
    .meta({ description: "Turns MFA on with this base32 TOTP secret." })
    .exactOptional(),
  backupCodes: z.array(z.string()).exactOptional(),
  createdAt: instant.exactOptional(),
});

const memberSchema = z.strictObject({ email: z.email(), role: text, additionalRoles: z.array(text).exactOptional() });

const invitationSchema = z.strictObject({
  email: z.email(),
  role: text,
  additionalRoles: z.array(text).exactOptional(),
  expiresInSeconds: z
    .number()
    .meta({ description: "Seconds from the start until it expires (below zero: already expired); default a week." })
    .exactOptional(),
  expiresAt: instant
    .meta({ description: "When it expires, as an export writes it; instead of expiresInSeconds." })
    .exactOptional(),
  invitedBy: text.meta({ description: "The id of the user who sent it." }).exactOptional(),
});

/** An org to seed, with its members (by e-mail) and invitations. */
const seedOrgSchema = z.strictObject({
  id: text,
  name: text,
  domain: z.string().exactOptional(),
  autojoinByDomain: z.boolean().exactOptional(),
  restrictToDomain: z.boolean().exactOptional(),
  roleStructure: z.enum(["single_role_in_hierarchy", "multi_role"]).exactOptional(),
  metadata: json.exactOptional(),
  maxUsers: z.int().positive().exactOptional(),
  samlEnabled: z.boolean().exactOptional(),
  require2faBy: instant.exactOptional(),
  legacyOrgId: z.string().exactOptional(),
  createdAt: instant.exactOptional(),
  members: z
    .array(memberSchema)
    .meta({ description: "Members, by the e-mail of a user in this seed." })
    .exactOptional(),
  invitations: z.array(invitationSchema).exactOptional(),
});

/** An API key to seed: a personal key (`userId`) or an org key (`orgId`); only the hash of its secret is kept. */
const seedApiKeySchema = z.strictObject({
  id: text,
  secretHash: z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest"),
  userId: text.exactOptional(),
  orgId: text.exactOptional(),
  displayName: z.string().exactOptional(),
  metadata: json.exactOptional(),
  expiresAt: instant.exactOptional(),
  createdAt: instant.exactOptional(),
});

/** What an emulator starts with: settings, people, orgs and API keys. */
export const seedSchema = z.strictObject({
  $schema: z
    .string()
    .meta({ description: "The JSON Schema this file follows (for editors); ignored." })
    .exactOptional(),
  settings: seedSettingsSchema.exactOptional(),
  users: z.array(seedUserSchema).exactOptional(),
  orgs: z.array(seedOrgSchema).exactOptional(),
  apiKeys: z.array(seedApiKeySchema).exactOptional(),
});

/** The JSON Schema of a seed file, as checked in beside this module. */
export function seedJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(seedSchema, { target: "draft-2020-12", io: "input" }),
    title: "orgauth emulator seed",
    description: "Settings, users, orgs and API keys the orgauth emulator starts with (--seed FILE).",
  };
}

/** A user to seed. `password` is hashed on the way in (`passwordHash` is taken as is); `mfaSecret` turns MFA on. */
export type SeedUser = z.output<typeof seedUserSchema>;

/** An org to seed, with its members (by e-mail) and invitations (`expiresInSeconds` below zero: expired). */
export type SeedOrg = z.output<typeof seedOrgSchema>;

/** A personal (`userId`) or org (`orgId`) API key to seed, by the hash of its secret. */
export type SeedApiKey = z.output<typeof seedApiKeySchema>;

/** What an emulator starts with: settings, people, orgs and API keys (the format of `--seed FILE`). */
export type EmulatorSeed = z.output<typeof seedSchema>;
