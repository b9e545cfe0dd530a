import type { EmulatorContext } from "./context.js";
import { ProviderError } from "../http/errors.js";
import { newBackupCodes, newTotpSecret } from "../tokens/totp.js";

/** A person's MFA record. */
export interface MfaRecord {
  secret: string | null;
  pendingSecret: string | null;
  enabled: boolean;
  failures: number;
  lockedUntil: Date | null;
}

/** The MFA record of a person (an empty one when they never set MFA up). */
export async function getMfa(ctx: EmulatorContext, userId: string): Promise<MfaRecord> {
  const { rows } = await ctx.db.query<{
    secret: string | null;
    pending_secret: string | null;
    enabled: boolean;
    failures: number;
    locked_until: Date | null;
  }>("select * from emu_mfa where user_id = $1", [userId]);
  const r = rows[0];
  return {
    secret: r?.secret ?? null,
    pendingSecret: r?.pending_secret ?? null,
    enabled: r?.enabled ?? false,
    failures: r?.failures ?? 0,
    lockedUntil: r?.locked_until ?? null,
  };
}

/** Mints and stores a fresh secret for setting MFA up (each status call mints a new one, as the provider does). */
export async function mintPendingSecret(ctx: EmulatorContext, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await ctx.db.query(
    "insert into emu_mfa (user_id, pending_secret) values ($1, $2) on conflict (user_id) do update set pending_secret = excluded.pending_secret",
    [userId, secret],
  );
  return secret;
}

/** Turns MFA on with `secret` and issues ten fresh backup codes. */
export async function enableMfa(
  ctx: EmulatorContext,
  userId: string,
  secret: string,
  backupCodes: string[] = newBackupCodes(),
): Promise<void> {
  await ctx.db.query(
    `insert into emu_mfa (user_id, secret, pending_secret, enabled, failures) values ($1, $2, null, true, 0)
     on conflict (user_id) do update set secret = excluded.secret, pending_secret = null, enabled = true, failures = 0, locked_until = null`,
    [userId, secret],
  );
  await ctx.db.query("delete from emu_backup_codes where user_id = $1", [userId]);
  for (const [position, code] of backupCodes.entries())
    await ctx.db.query("insert into emu_backup_codes (user_id, code, position) values ($1, $2, $3)", [
      userId,
      code,
      position,
    ]);
}

/** Turns MFA off and drops the secret and backup codes. */
export async function disableMfa(ctx: EmulatorContext, userId: string): Promise<void> {
  await ctx.db.query("delete from emu_mfa where user_id = $1", [userId]);
  await ctx.db.query("delete from emu_backup_codes where user_id = $1", [userId]);
}

/** The backup codes not used yet. */
export async function unusedBackupCodes(ctx: EmulatorContext, userId: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ code: string }>(
    "select code from emu_backup_codes where user_id = $1 and used_at is null order by position, code",
    [userId],
  );
  return rows.map((r) => r.code);
}

/** Uses a backup code up, in one statement; false when it is wrong or already used. */
export async function useBackupCode(ctx: EmulatorContext, userId: string, code: string): Promise<boolean> {
  const { rows } = await ctx.db.query(
    "update emu_backup_codes set used_at = $3 where user_id = $1 and code = $2 and used_at is null returning code",
    [userId, code.trim().toLowerCase(), ctx.now()],
  );
  return rows.length === 1;
}

/** Throws account_mfa_locked while MFA is locked after too many wrong codes. */
export function assertMfaNotLocked(ctx: EmulatorContext, mfa: MfaRecord): void {
  if (mfa.lockedUntil && mfa.lockedUntil > ctx.now())
    throw new ProviderError(403, "account_mfa_locked", "Too many incorrect codes. Please try again later.");
}

/** Counts a wrong code; the `lockAfterFailedMfa`-th in a row locks MFA for `mfaLockSeconds` and throws account_mfa_locked. */
export async function recordMfaFailure(ctx: EmulatorContext, userId: string): Promise<void> {
  const settings = await ctx.settings();
  const { rows } = await ctx.db.query<{ failures: number }>(
    "update emu_mfa set failures = failures + 1 where user_id = $1 returning failures",
    [userId],
  );
  if ((rows[0]?.failures ?? 0) < settings.lockAfterFailedMfa) return;
  await ctx.db.query("update emu_mfa set failures = 0, locked_until = $2 where user_id = $1", [
    userId,
    new Date(ctx.now().getTime() + settings.mfaLockSeconds * 1000),
  ]);
  throw new ProviderError(403, "account_mfa_locked", "Too many incorrect codes. Please try again later.");
}

/** Clears the wrong-code count after a right code. */
export async function resetMfaFailures(ctx: EmulatorContext, userId: string): Promise<void> {
  await ctx.db.query("update emu_mfa set failures = 0, locked_until = null where user_id = $1", [userId]);
}
