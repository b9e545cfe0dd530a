/**
 * The admin API for a user's ways in: their sessions (list; revoke one or all, which signs them out everywhere) and
 * the API keys of a user or an org (list, create with the token shown once, revoke).
 */
import type { EmulatorContext } from "../store/context.js";
import { invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { API_KEY_LIFETIMES, type ApiKeyOwner, apiKeysOf, createApiKey, deleteApiKey } from "../store/api-keys.js";
import { requireOrg } from "../store/orgs.js";
import { endSessionsOf, sessionsOf } from "../store/user-sessions.js";
import { requireUser } from "./admin-users.js";

const DISPLAY_NAME_LIMIT = 64;

/** The owner a query or body names: exactly one of `userId` and `orgId`, which must exist. */
async function ownerOf(
  ctx: EmulatorContext,
  userId: string | undefined,
  orgId: string | undefined,
): Promise<ApiKeyOwner> {
  if ((userId === undefined) === (orgId === undefined))
    throw invalidFields({ userId: { code: "required", message: "Name either a user (userId) or an org (orgId)" } });
  if (userId !== undefined) return { userId: (await requireUser(ctx, userId)).id };
  return { orgId: (await requireOrg(ctx, orgId!)).id };
}

const queryText = (request: Request, name: string): string | undefined =>
  request.url.searchParams.get(name) || undefined;

/** Registers the session and API key routes of the admin API. */
export function adminAccessRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/__emulator/users/:userId/sessions", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    const sessions = await sessionsOf(ctx, person.id);
    return ok({ sessions: sessions.map((s) => ({ ...s, expiresAt: s.expiresAt.toISOString() })) });
  });
  router.add("DELETE", "/__emulator/users/:userId/sessions", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    return ok({ ended: await endSessionsOf(ctx, person.id) });
  });
  router.add("DELETE", "/__emulator/users/:userId/sessions/:sessionId", async (request) => {
    const person = await requireUser(ctx, request.params.userId!);
    const ended = await endSessionsOf(ctx, person.id, request.params.sessionId!);
    if (ended === 0) throw new ProviderError(404, "not_found", "No such session of this user (it may have ended)");
    return ok({ ended });
  });
  router.add("GET", "/__emulator/api_keys", async (request) => {
    const owner = await ownerOf(ctx, queryText(request, "userId"), queryText(request, "orgId"));
    const keys = await apiKeysOf(ctx, owner);
    return ok({
      apiKeys: keys.map((k) => ({
        ...k,
        expiresAt: k.expiresAt?.toISOString() ?? null,
        expired: k.expiresAt !== null && k.expiresAt <= ctx.now(),
        createdAt: k.createdAt.toISOString(),
      })),
    });
  });
  router.add("POST", "/__emulator/api_keys", async (request) => {
    const body = bodyOf(request);
    const owner = await ownerOf(ctx, optionalText(body, "userId"), optionalText(body, "orgId"));
    const displayName = optionalText(body, "displayName")?.trim() || null;
    if (displayName !== null && displayName.length > DISPLAY_NAME_LIMIT)
      throw invalidFields({ displayName: { code: "too_long", message: `At most ${DISPLAY_NAME_LIMIT} characters` } });
    const expiration = optionalText(body, "expiration") ?? "Never";
    if (!Object.hasOwn(API_KEY_LIFETIMES, expiration))
      throw invalidFields({
        expiration: { code: "invalid_value", message: `One of ${Object.keys(API_KEY_LIFETIMES).join(", ")}` },
      });
    const { id, token } = await createApiKey(ctx, owner, displayName, API_KEY_LIFETIMES[expiration] ?? null);
    return { status: 201, json: { apiKeyId: id, apiKeyToken: token } };
  });
  router.add("DELETE", "/__emulator/api_keys/:apiKeyId", async (request) => {
    if (!(await deleteApiKey(ctx, request.params.apiKeyId!)))
      throw new ProviderError(404, "not_found", "API key not found");
    return ok({ revoked: true });
  });
}
