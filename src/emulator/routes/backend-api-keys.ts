/**
 * The backend's end-user API key routes: pages of current and archived keys, create, import, fetch, update, delete;
 * validation and usage (backend-api-key-validation.ts) and what a body gives a key (backend-api-key-fields.ts)
 * beside it.
 */
import type { EmulatorContext } from "../store/context.js";
import { apiKeyNotFound, fieldError } from "../http/backend-errors.js";
import { bodyOf, optionalFlag, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { type ApiKeyRow, deleteApiKey, findApiKey, insertApiKey, keyOfToken, toApiKey } from "../store/api-keys.js";
import { getPersonByEmail } from "../store/people.js";
import { expiryOf, metadataOf, newKeyOf } from "./backend-api-key-fields.js";
import { usageCount, validateKey } from "./backend-api-key-validation.js";
import { backendRegistrar } from "./backend-edge.js";
import { apiKeyWire, backendPaging, pageWire } from "./backend-wire.js";

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

/** The most characters an imported token may have. */
const MAX_IMPORTED_TOKEN = 512;
/** The fewest: a shorter token is guessable, not a secret (16 random letters and digits are about 95 bits). */
const MIN_IMPORTED_TOKEN = 16;

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
    if (token.length < MIN_IMPORTED_TOKEN || token.length > MAX_IMPORTED_TOKEN)
      throw fieldError(
        "imported_api_key",
        `An imported key has ${MIN_IMPORTED_TOKEN} to ${MAX_IMPORTED_TOKEN} characters: a shorter one is too easy to guess to be a secret`,
      );
    const key = await newKeyOf(ctx, body);
    if (await keyOfToken(ctx, token))
      throw fieldError("imported_api_key", "This API key was already imported", "action_already_complete");
    const created = await insertApiKey(ctx, { ...key, importedToken: token });
    return ok({ api_key_id: created.id });
  });

  add("POST", `${base}/validate`, async (request) => ok(await validateKey(ctx, request, false)));
  add("POST", `${base}/validate_imported`, async (request) => ok(await validateKey(ctx, request, true)));
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
