import type { EmulatorContext } from "../store/context.js";
import { apiKeyNotFound, fieldError } from "../http/backend-errors.js";
import { bodyOf, optionalFlag, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import {
  type ApiKeyRow,
  countValidation,
  deleteApiKey,
  findApiKey,
  insertApiKey,
  keyOfToken,
  type StoredApiKey,
  toApiKey,
} from "../store/api-keys.js";
import { findMembership, orgRecords } from "../store/orgs.js";
import { getPerson, getPersonByEmail } from "../store/people.js";
import { backendRegistrar } from "./backend-edge.js";
import { memberInfoJson } from "./auth-info.js";
import { apiKeyWire, backendPaging, orgListItem, pageWire, userWire } from "./backend-wire.js";

/** Key metadata: a JSON object, or (as the Node library's update types it) a JSON-encoded object; null clears. */
function metadataOf(body: Record<string, unknown>): Record<string, unknown> | null | undefined {
  let value = body.metadata;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      throw fieldError("metadata", "Must be an object or a JSON-encoded object");
    }
  }
  if (value === undefined || value === null) return value;
  if (typeof value !== "object" || Array.isArray(value))
    throw fieldError("metadata", "Must be an object or a JSON-encoded object");
  return value as Record<string, unknown>;
}

/** The last second a stored time may be (the end of the year 9999). */
const LAST_SECOND = 253_402_300_799;

/** An expiry in epoch seconds, in the future; undefined when absent. */
function expiryOf(ctx: EmulatorContext, body: Record<string, unknown>): Date | undefined {
  const value = body.expires_at_seconds;
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) * 1000 <= ctx.now().getTime() || (value as number) > LAST_SECOND)
    throw fieldError("expires_at_seconds", "Must be a time in the future, in whole seconds since the epoch");
  return new Date((value as number) * 1000);
}

/** One page of keys, current or archived, filtered by the query's org_id, user_id and user_email. */
async function keysPage(ctx: EmulatorContext, request: Request, archived: boolean) {
  const query = request.url.searchParams;
  const page = backendPaging(request);
  const email = query.get("user_email");
  const byEmail = email === null ? null : ((await getPersonByEmail(ctx, email))?.id ?? "");
  const { rows } = await ctx.db.query<ApiKeyRow>(
    `select * from emu_api_keys where (archived_at is not null) = $1 and ($2::text is null or org_id = $2)
       and ($3::text is null or user_id = $3) and ($4::text is null or user_id = $4) order by created_at desc, id`,
    [archived, query.get("org_id"), query.get("user_id"), byEmail],
  );
  const start = page.pageNumber * page.pageSize;
  const keys = rows.slice(start, start + page.pageSize).map((r) => apiKeyWire(toApiKey(r)));
  return ok(pageWire(keys, rows.length, page, "api_keys", "total_api_keys"));
}

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

/** The owners, name, metadata and expiry a create or import body gives a new key (field errors otherwise). */
async function newKeyOf(ctx: EmulatorContext, body: Record<string, unknown>) {
  const userId = optionalText(body, "user_id");
  const orgId = optionalText(body, "org_id");
  if (userId !== undefined && !(await getPerson(ctx, userId))) throw fieldError("user_id", "User not found");
  if (orgId !== undefined && (await orgRecords(ctx, "id = $1", [orgId])).length === 0)
    throw fieldError("org_id", "Organization not found");
  const displayName = optionalText(body, "display_name");
  if (displayName !== undefined && displayName.length > 64)
    throw fieldError("display_name", "Name must be at most 64 characters", "too_long");
  return {
    userId,
    orgId,
    displayName: displayName ?? null,
    metadata: metadataOf(body) ?? null,
    expiresAt: expiryOf(ctx, body) ?? null,
  };
}

/**
 * The key a validation names, if it may validate there: a key minted by the emulator only on `validate`, an imported
 * one only on `validate_imported` (elsewhere it is "API key not found"); a deleted or expired key is refused with
 * its reason. Each successful validation is counted for the key's usage on today's UTC date.
 */
async function validKey(ctx: EmulatorContext, request: Request, imported: boolean): Promise<StoredApiKey> {
  const raw = optionalText(bodyOf(request), "api_key_token") ?? "";
  const token = raw.replace(/^Bearer\s+/i, "").trim();
  const key = token ? await keyOfToken(ctx, token) : null;
  const owner = key?.userId ? await getPerson(ctx, key.userId) : null;
  // A disabled (or deleted) owner's personal key no longer names anyone: it is as unknown as a wrong token.
  if (!key || key.imported !== imported || (key.userId !== null && !owner?.enabled))
    throw fieldError("api_key_token", "API key not found");
  if (key.archivedAt !== null) throw fieldError("api_key_token", "API key deleted");
  if (key.expiresAt !== null && key.expiresAt <= ctx.now()) throw fieldError("api_key_token", "API key expired");
  await countValidation(ctx, key.id);
  return key;
}

/** The number of successful validations on one UTC day (`date`, YYYY-MM-DD), filtered by org, user and key id. */
async function usageCount(ctx: EmulatorContext, request: Request): Promise<number> {
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

/** The most characters an imported token may have. */
const MAX_IMPORTED_TOKEN = 512;

/**
 * The backend's end-user API key calls: create, import, fetch, current and archived pages, update, delete, validate
 * (minted and imported keys), and the usage count.
 */
export function backendApiKeyRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  const base = "/api/backend/v1/end_user_api_keys";
  const currentKey = async (request: Request) => {
    const key = await findApiKey(ctx, request.params.apiKeyId!);
    if (!key || key.archivedAt !== null) throw apiKeyNotFound();
    return key;
  };

  add("GET", base, (request) => keysPage(ctx, request, false));
  add("GET", `${base}/archived`, (request) => keysPage(ctx, request, true));

  add("POST", base, async (request) => {
    const created = await insertApiKey(ctx, await newKeyOf(ctx, bodyOf(request)));
    return ok({ api_key_id: created.id, api_key_token: created.token });
  });

  add("POST", `${base}/import`, async (request) => {
    const body = bodyOf(request);
    const token = requiredText(body, "imported_api_key").trim();
    if (token === "" || token.length > MAX_IMPORTED_TOKEN)
      throw fieldError("imported_api_key", `An imported key has 1 to ${MAX_IMPORTED_TOKEN} characters`);
    const key = await newKeyOf(ctx, body);
    if (await keyOfToken(ctx, token))
      throw fieldError("imported_api_key", "This API key was already imported", "action_already_complete");
    const created = await insertApiKey(ctx, { ...key, importedToken: token });
    return ok({ api_key_id: created.id });
  });

  add("POST", `${base}/validate`, async (request) => ok(await validation(ctx, await validKey(ctx, request, false))));
  add("POST", `${base}/validate_imported`, async (request) =>
    ok(await validation(ctx, await validKey(ctx, request, true))),
  );
  add("GET", `${base}/usage`, async (request) => ok({ count: await usageCount(ctx, request) }));

  add("GET", `${base}/:apiKeyId`, async (request) => {
    const key = await findApiKey(ctx, request.params.apiKeyId!);
    if (!key) throw apiKeyNotFound();
    return ok(apiKeyWire(key));
  });

  add("PATCH", `${base}/:apiKeyId`, async (request) => {
    const key = await currentKey(request);
    const body = bodyOf(request);
    const metadata = metadataOf(body);
    const expiresAt = expiryOf(ctx, body);
    const never = optionalFlag(body, "set_to_never_expire") ?? false;
    const displayName = optionalText(body, "display_name");
    if (displayName !== undefined && (displayName.trim() === "" || displayName.length > 64))
      throw fieldError("display_name", "A name has 1 to 64 characters");
    await ctx.db.query(
      `update emu_api_keys set metadata = case when $2 then $3::jsonb else metadata end,
         expires_at = case when $4 then null else coalesce($5, expires_at) end, display_name = coalesce($6, display_name)
       where id = $1`,
      [
        key.id,
        metadata !== undefined,
        metadata ? JSON.stringify(metadata) : null,
        never,
        expiresAt ?? null,
        displayName?.trim() ?? null,
      ],
    );
    return ok({});
  });

  add("DELETE", `${base}/:apiKeyId`, async (request) => {
    if (!(await deleteApiKey(ctx, (await currentKey(request)).id))) throw apiKeyNotFound();
    return ok({});
  });
}
