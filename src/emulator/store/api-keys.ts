import type { EmulatorContext } from "./context.js";
import { newId, randomToken, sha256 } from "../tokens/secrets.js";

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
  expiresAt: Date | null;
  createdAt: Date;
}

/**
 * Creates an API key for `owner`, expiring after `lifetimeSeconds` (null: never); returns its id and its token,
 * which is shown once: only its hash is stored, and nothing in it names the key's id.
 */
export async function createApiKey(
  ctx: EmulatorContext,
  owner: ApiKeyOwner,
  displayName: string | null,
  lifetimeSeconds: number | null,
): Promise<{ id: string; token: string }> {
  const id = newId().replaceAll("-", "");
  const token = randomToken(32);
  await ctx.db.query(
    "insert into emu_api_keys (id, secret_hash, user_id, org_id, display_name, metadata, expires_at, created_at) values ($1, $2, $3, $4, $5, null, $6, $7)",
    [
      id,
      sha256(token),
      owner.userId ?? null,
      owner.orgId ?? null,
      displayName,
      lifetimeSeconds === null ? null : new Date(ctx.now().getTime() + lifetimeSeconds * 1000),
      ctx.now(),
    ],
  );
  return { id, token };
}

/** Every API key of a user or an org, newest first. */
export async function apiKeysOf(ctx: EmulatorContext, owner: ApiKeyOwner): Promise<StoredApiKey[]> {
  const column = owner.userId === undefined ? "org_id" : "user_id";
  const { rows } = await ctx.db.query<{
    id: string;
    user_id: string | null;
    org_id: string | null;
    display_name: string | null;
    expires_at: Date | null;
    created_at: Date;
  }>(`select * from emu_api_keys where ${column} = $1 order by created_at desc, id`, [owner.userId ?? owner.orgId]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    orgId: r.org_id,
    displayName: r.display_name,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  }));
}

/** Deletes an API key; whether there was one. */
export async function deleteApiKey(ctx: EmulatorContext, id: string): Promise<boolean> {
  const { rows } = await ctx.db.query("delete from emu_api_keys where id = $1 returning id", [id]);
  return rows.length > 0;
}
