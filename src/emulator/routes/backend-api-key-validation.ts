/**
 * Validating an end-user API key on the backend API (minted keys on `validate`, imported ones on
 * `validate_imported`): the key's owners as the answer, and the count of successful validations by day.
 */
import { type EmulatorContext, rateLimitWait } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { bodyOf, optionalText } from "../http/fields.js";
import type { Request } from "../http/http.js";
import { KeyRateLimitedError } from "../http/rate-limited.js";
import { countValidation, keyOfToken, type StoredApiKey } from "../store/api-keys.js";
import { findMembership, orgRecords } from "../store/orgs.js";
import { getPerson } from "../store/people.js";
import { memberInfoJson } from "./auth-info.js";
import { orgListItem, userWire } from "./backend-wire.js";

/** What validating a key answers: its metadata and owners (the user, the org, the user's membership of it). */
async function validation(ctx: EmulatorContext, key: StoredApiKey) {
  const answer: Record<string, unknown> = { metadata: key.metadata, user_id: key.userId, org_id: key.orgId };
  const person = key.userId === null ? null : await getPerson(ctx, key.userId);
  const [org] = key.orgId === null ? [] : await orgRecords(ctx, "id = $1", [key.orgId]);
  if (person) answer.user = await userWire(ctx, person, false);
  if (org) answer.org = orgListItem(org);
  const membership = person && org ? await findMembership(ctx, org.id, person.id) : null;
  if (org && membership) answer.user_in_org = memberInfoJson(await ctx.settings(), org, membership);
  return answer;
}

/**
 * Counts a validation of the key against `apiKeyValidationLimit` (per key, in the database: every process on it
 * counts together); throws the provider's 429 with `wait_seconds` once the window's validations are used up.
 */
async function countAgainstLimit(ctx: EmulatorContext, key: StoredApiKey): Promise<void> {
  const { apiKeyValidationLimit: limit, apiKeyValidationWindowSeconds: window } = await ctx.settings();
  if (limit === 0) return;
  const wait = await rateLimitWait(ctx, `api-key-validation:${key.id}`, window, limit);
  if (wait > 0) throw new KeyRateLimitedError(wait);
}

/**
 * The key a validation names, if it may validate there: a key minted by the emulator only on `validate`, an imported
 * one only on `validate_imported` (elsewhere it is "API key not found"); past the per-key limit, a 429; a deleted or
 * expired key is refused with its reason. Each successful validation is counted for the key's usage on today's UTC
 * date.
 */
async function validKey(ctx: EmulatorContext, request: Request, imported: boolean): Promise<StoredApiKey> {
  const raw = optionalText(bodyOf(request), "api_key_token") ?? "";
  const token = raw.replace(/^Bearer\s+/i, "").trim();
  const key = token ? await keyOfToken(ctx, token) : null;
  const owner = key?.userId ? await getPerson(ctx, key.userId) : null;
  // A disabled (or deleted) owner's personal key no longer names anyone: it is as unknown as a wrong token.
  if (!key || key.imported !== imported || (key.userId !== null && !owner?.enabled))
    throw fieldError("api_key_token", "API key not found");
  await countAgainstLimit(ctx, key);
  if (key.archivedAt !== null) throw fieldError("api_key_token", "API key deleted");
  if (key.expiresAt !== null && key.expiresAt <= ctx.now()) throw fieldError("api_key_token", "API key expired");
  await countValidation(ctx, key.id);
  return key;
}

/** Validates the key a request's `api_key_token` names (see validKey) and answers its metadata and owners. */
export async function validateKey(ctx: EmulatorContext, request: Request, imported: boolean) {
  return validation(ctx, await validKey(ctx, request, imported));
}

/** The number of successful validations on one UTC day (`date`, YYYY-MM-DD), filtered by org, user and key id. */
export async function usageCount(ctx: EmulatorContext, request: Request): Promise<number> {
  const query = request.url.searchParams;
  const date = query.get("date") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    throw fieldError("date", "Must be a date as YYYY-MM-DD", date ? "invalid_value" : "required");
  const { rows } = await ctx.db.query<{ n: number }>(
    `select coalesce(sum(u.count), 0)::int as n from emu_api_key_usage u join emu_api_keys k on k.id = u.api_key_id
     where u.day = $1::date and ($2::text is null or k.org_id = $2) and ($3::text is null or k.user_id = $3)
       and ($4::text is null or k.id = $4)`,
    [date, query.get("org_id"), query.get("user_id"), query.get("api_key_id")],
  );
  return rows[0]?.n ?? 0;
}
