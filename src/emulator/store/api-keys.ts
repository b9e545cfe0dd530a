import { randomBytes } from "node:crypto";
import type { EmulatorContext } from "./context.js";
import { newId, sha256 } from "../tokens/secrets.js";

const DAY = 86_400;
/** The expiration options of the contract, in seconds (null: the key never expires). */
export const API_KEY_LIFETIMES: Readonly<Record<string, number | null>> = {
  TwoWeeks: 14 * DAY,
  OneMonth: 30 * DAY,
  ThreeMonths: 90 * DAY,
  SixMonths: 180 * DAY,
  OneYear: 365 * DAY,
  Never: null,
};

/** Whose an API key is: a user's (personal) or an org's. */
export type ApiKeyOwner = { userId: string; orgId?: undefined } | { orgId: string; userId?: undefined };

/** An API key as it is stored (its secret only as a hash). */
export interface StoredApiKey {
  id: string;
  userId: string | null;
  orgId: string | null;
  displayName: string | null;
  metadata: Record<string, unknown> | null;
  expiresAt: Date | null;
  createdAt: Date;
  /** When it was deleted (it is kept, archived); null while current. */
  archivedAt: Date | null;
  /** Imported from another system (backend `import`): it validates only on `validate_imported`. */
  imported: boolean;
}

/** A stored key's row. */
export type ApiKeyRow = {
  id: string;
  user_id: string | null;
  org_id: string | null;
  display_name: string | null;
  metadata: Record<string, unknown> | null;
  expires_at: Date | null;
  created_at: Date;
  archived_at: Date | null;
  imported?: boolean;
};

/** A stored key from its row. */
export const toApiKey = (r: ApiKeyRow): StoredApiKey => ({
  id: r.id,
  userId: r.user_id,
  orgId: r.org_id,
  displayName: r.display_name,
  metadata: r.metadata,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  archivedAt: r.archived_at ?? null,
  imported: r.imported ?? false,
});

/** What a new key holds: its owners (a user, an org, both or neither), name, metadata and expiry. */
export interface NewApiKey {
  userId?: string | null | undefined;
  orgId?: string | null | undefined;
  displayName?: string | null;
  metadata?: Record<string, unknown> | null;
  expiresAt?: Date | null;
  /** A token from another system to keep (hashed) instead of minting one: the key is an imported key. */
  importedToken?: string;
}

/**
 * Stores a new API key; returns its id (32 hex characters) and its token (64 hex characters, or the imported one),
 * which is shown once: only its hash is stored, and nothing in it names the key's id.
 */
export async function insertApiKey(ctx: EmulatorContext, key: NewApiKey): Promise<{ id: string; token: string }> {
  const id = newId().replaceAll("-", "");
  const token = key.importedToken ?? randomBytes(32).toString("hex");
  await ctx.db.query(
    "insert into emu_api_keys (id, secret_hash, user_id, org_id, display_name, metadata, expires_at, created_at, imported) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    [
      id,
      sha256(token),
      key.userId ?? null,
      key.orgId ?? null,
      key.displayName ?? null,
      key.metadata ? JSON.stringify(key.metadata) : null,
      key.expiresAt ?? null,
      ctx.now(),
      key.importedToken !== undefined,
    ],
  );
  return { id, token };
}

/** Creates an API key for `owner`, expiring after `lifetimeSeconds` (null: never); returns its id and its token. */
export function createApiKey(
  ctx: EmulatorContext,
  owner: ApiKeyOwner,
  displayName: string | null,
  lifetimeSeconds: number | null,
): Promise<{ id: string; token: string }> {
  const expiresAt = lifetimeSeconds === null ? null : new Date(ctx.now().getTime() + lifetimeSeconds * 1000);
  return insertApiKey(ctx, { ...owner, displayName, expiresAt });
}

/** Every current (not archived) API key of a user or an org, newest first. */
export async function apiKeysOf(ctx: EmulatorContext, owner: ApiKeyOwner): Promise<StoredApiKey[]> {
  const column = owner.userId === undefined ? "org_id" : "user_id";
  const { rows } = await ctx.db.query<ApiKeyRow>(
    `select * from emu_api_keys where ${column} = $1 and archived_at is null order by created_at desc, id`,
    [owner.userId ?? owner.orgId],
  );
  return rows.map(toApiKey);
}

/** A key by id (current or archived), or null. */
export async function findApiKey(ctx: EmulatorContext, id: string): Promise<StoredApiKey | null> {
  const { rows } = await ctx.db.query<ApiKeyRow>("select * from emu_api_keys where id = $1", [id]);
  return rows[0] ? toApiKey(rows[0]) : null;
}

/** The key a token belongs to (current, expired or archived), or null. */
export async function keyOfToken(ctx: EmulatorContext, token: string): Promise<StoredApiKey | null> {
  const { rows } = await ctx.db.query<ApiKeyRow>("select * from emu_api_keys where secret_hash = $1", [sha256(token)]);
  return rows[0] ? toApiKey(rows[0]) : null;
}

/** Counts one validation of a key, on today's UTC date. */
export async function countValidation(ctx: EmulatorContext, id: string): Promise<void> {
  await ctx.db.query(
    `insert into emu_api_key_usage (api_key_id, day, count) values ($1, $2::date, 1)
     on conflict (api_key_id, day) do update set count = emu_api_key_usage.count + 1`,
    [id, ctx.now().toISOString().slice(0, 10)],
  );
}

/** Deletes an API key: archives it (it stops working and leaves every current list); whether a current one was. */
export async function deleteApiKey(ctx: EmulatorContext, id: string): Promise<boolean> {
  const { rows } = await ctx.db.query(
    "update emu_api_keys set archived_at = $2 where id = $1 and archived_at is null returning id",
    [id, ctx.now()],
  );
  return rows.length > 0;
}
