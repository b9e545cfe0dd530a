import type { TokenSigner } from "../tokens/access-tokens.js";
import type { IdentityStore } from "../db/identity.js";
import { defaultSettings, type EmulatorSettings } from "./settings.js";
import type { SqlPort } from "../db/sql.js";

/** Everything a route needs: the database, the identity store, the token signer, the clock and the settings. */
export interface EmulatorContext {
  db: SqlPort;
  identity: IdentityStore;
  signer: TokenSigner;
  /** The emulator's own origin, for links in e-mails and hosted pages. */
  baseUrl: string;
  now(): Date;
  settings(): Promise<EmulatorSettings>;
}

/** Reads the settings: the defaults overlaid with what the seed or the admin API stored. */
export async function readSettings(db: SqlPort): Promise<EmulatorSettings> {
  const { rows } = await db.query<{ value: Partial<EmulatorSettings> }>("select value from emu_settings where id = 1");
  return { ...defaultSettings, ...(rows[0]?.value ?? {}) };
}

/** Stores settings changes, merged into what is stored. */
export async function writeSettings(db: SqlPort, changes: Partial<EmulatorSettings>): Promise<EmulatorSettings> {
  const current = await readSettings(db);
  const next = { ...current, ...changes };
  await db.query(
    "insert into emu_settings (id, value) values (1, $1) on conflict (id) do update set value = excluded.value",
    [JSON.stringify(next)],
  );
  return next;
}

/** Counts one use of `key` in a window of `windowSeconds`; true while at most `max` uses fell in the window. */
export async function withinRateLimit(
  ctx: EmulatorContext,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<boolean> {
  return (await rateLimitWait(ctx, key, windowSeconds, max)) === 0;
}

/**
 * Counts one use of `key` in a window of `windowSeconds` (in the database, so every process on it counts together);
 * 0 while at most `max` uses fell in the window, else the seconds until the window ends (at least 1).
 */
export async function rateLimitWait(
  ctx: EmulatorContext,
  key: string,
  windowSeconds: number,
  max: number,
): Promise<number> {
  const { rows } = await ctx.db.query<{ count: number; window_start: Date }>(
    `insert into emu_rate_limits (key, window_start, count) values ($1, $2, 1)
     on conflict (key) do update set
       count = case when emu_rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) then 1 else emu_rate_limits.count + 1 end,
       window_start = case when emu_rate_limits.window_start <= $2::timestamptz - make_interval(secs => $3) then $2 else emu_rate_limits.window_start end
     returning count, window_start`,
    [key, ctx.now(), windowSeconds],
  );
  const row = rows[0];
  if (!row || row.count <= max) return 0;
  const endsMs = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return Math.max(1, Math.ceil((endsMs - ctx.now().getTime()) / 1000));
}
