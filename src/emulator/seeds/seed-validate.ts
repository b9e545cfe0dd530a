/**
 * Checking a seed before anything is stored: its shape (the zod schema: unknown keys, wrong types) and, for a seed
 * that starts an emulator, its references (members and invitations name users and roles of the seed, API keys name
 * its users and orgs). Every problem is reported with its JSON path, e.g. `orgs[0].members[1].email`.
 */
import type * as z from "zod";
import { OrgauthError } from "../../shared/orgauth-error.js";
import { defaultSettings } from "../store/settings.js";
import type { EmulatorSeed } from "./seed.js";
import { jsonPath, seedDepthProblem } from "./seed-limits.js";
import { seedSchema } from "./seed-schema.js";

/** A seed the emulator refuses; `problems` are `path: what is wrong` lines. */
export class SeedError extends OrgauthError {
  override readonly name = "SeedError";
  readonly type = "seed";

  constructor(
    readonly source: string,
    readonly problems: string[],
    outcome = "nothing was started",
    options?: { cause?: unknown },
  ) {
    super(`Invalid seed (${source}), ${outcome}:\n${problems.map((p) => `  ${p}`).join("\n")}`, options);
  }
}

function shapeProblems(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => `${jsonPath([...issue.path, key])}: unknown key`)
      : [`${jsonPath(issue.path)}: ${issue.message}`],
  );
}

function duplicates(values: (string | undefined)[], path: (i: number) => string, what: string): string[] {
  const seen = new Set<string>();
  return values.flatMap((value, i) => {
    if (value === undefined) return [];
    const key = value.toLowerCase();
    if (seen.has(key)) return [`${path(i)}: another ${what} is ${value}`];
    seen.add(key);
    return [];
  });
}

/** The dangling references and duplicates of a well-shaped seed. */
function referenceProblems(seed: EmulatorSeed): string[] {
  const users = seed.users ?? [];
  const orgs = seed.orgs ?? [];
  const emails = new Set(users.map((u) => u.email.toLowerCase()));
  const userIds = new Set(users.flatMap((u) => (u.id === undefined ? [] : [u.id])));
  const orgIds = new Set(orgs.map((o) => o.id));
  const roles = (seed.settings?.roles ?? defaultSettings.roles).map((r) => r.name);
  const extraRoles = (seed.settings?.additionalRoles ?? defaultSettings.additionalRoles).map((r) => r.name);
  const problems = [
    ...duplicates(
      users.map((u) => u.email),
      (i) => `users[${i}].email`,
      "user's e-mail",
    ),
    ...duplicates(
      users.map((u) => u.id),
      (i) => `users[${i}].id`,
      "user's id",
    ),
    ...duplicates(
      users.map((u) => u.username),
      (i) => `users[${i}].username`,
      "user's username",
    ),
    ...duplicates(
      orgs.map((o) => o.id),
      (i) => `orgs[${i}].id`,
      "org's id",
    ),
  ];
  users.forEach((user, i) => {
    if (user.password !== undefined && user.passwordHash !== undefined)
      problems.push(`users[${i}]: give password or passwordHash, not both`);
  });
  const checkRoles = (at: string, entry: { role: string; additionalRoles?: string[] }) => {
    if (!roles.includes(entry.role)) problems.push(`${at}.role: "${entry.role}" is not a role (${roles.join(", ")})`);
    (entry.additionalRoles ?? []).forEach((role, k) => {
      if (!extraRoles.includes(role))
        problems.push(`${at}.additionalRoles[${k}]: "${role}" is not an additional role (${extraRoles.join(", ")})`);
    });
  };
  orgs.forEach((org, i) => {
    (org.members ?? []).forEach((member, j) => {
      const at = `orgs[${i}].members[${j}]`;
      if (!emails.has(member.email.toLowerCase()))
        problems.push(`${at}.email: no user of the seed has the e-mail ${member.email}`);
      checkRoles(at, member);
    });
    (org.invitations ?? []).forEach((invite, j) => {
      const at = `orgs[${i}].invitations[${j}]`;
      if (invite.invitedBy !== undefined && !userIds.has(invite.invitedBy))
        problems.push(`${at}.invitedBy: no user of the seed has the id ${invite.invitedBy}`);
      if (invite.expiresAt !== undefined && invite.expiresInSeconds !== undefined)
        problems.push(`${at}: give expiresAt or expiresInSeconds, not both`);
      checkRoles(at, invite);
    });
  });
  (seed.apiKeys ?? []).forEach((key, i) => {
    if ((key.userId === undefined) === (key.orgId === undefined))
      problems.push(`apiKeys[${i}]: give exactly one of userId (a personal key) and orgId (an org key)`);
    if (key.userId !== undefined && !userIds.has(key.userId))
      problems.push(`apiKeys[${i}].userId: no user of the seed has the id ${key.userId}`);
    if (key.orgId !== undefined && !orgIds.has(key.orgId))
      problems.push(`apiKeys[${i}].orgId: no org of the seed has the id ${key.orgId}`);
  });
  return problems;
}

/**
 * Checks a seed and returns it typed, or throws SeedError naming every problem's path (first how deep it nests, so a
 * seed nested past the limit is one problem, not a stack overflow). `selfContained` (a seed
 * that starts an emulator) also checks that every reference points inside the seed; a seed added to a running
 * emulator may name users it already has.
 */
export function parseSeed(input: unknown, source: string, selfContained = true): EmulatorSeed {
  const outcome = selfContained ? "nothing was started" : "nothing was changed";
  const tooDeep = seedDepthProblem(input);
  if (tooDeep) throw new SeedError(source, [tooDeep], outcome);
  const parsed = seedSchema.safeParse(input);
  if (!parsed.success) throw new SeedError(source, shapeProblems(parsed.error.issues), outcome);
  const problems = selfContained ? referenceProblems(parsed.data) : [];
  if (problems.length > 0) throw new SeedError(source, problems, outcome);
  // The schema has no defaults or transforms: the input itself is returned, so its user objects keep their
  // identity and the password hashes made for them once per process are reused on every start and reset.
  return input as EmulatorSeed;
}
