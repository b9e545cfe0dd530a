import { readSettings, writeSettings, type EmulatorContext } from "../store/context.js";
import { ProviderError } from "../http/errors.js";
import { bodyOf } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { readOutbox } from "../store/outbox.js";
import { getPerson, updateProfile } from "../store/people.js";
import type { EmulatorSeed } from "../seeds/seed.js";
import { parseSeed, SeedError } from "../seeds/seed-validate.js";
import type { EmulatorSettings } from "../store/settings.js";
import { ok } from "../http/reply.js";
import { refreshResponse } from "./auth-info.js";

/** The longest an admin-minted token may lie in the past or the future: a day. */
const MAX_ADMIN_TOKEN_SECONDS = 24 * 3600;

/**
 * The settings changes of a PATCH body, checked as a seed's settings are; a wrong value is a 400 worded for the
 * person who typed it (the admin UI shows it as is): what was not saved and the path of each wrong value.
 */
function settingsChanges(body: unknown): Partial<EmulatorSettings> {
  try {
    return parseSeed({ settings: body ?? {} }, "settings", false).settings ?? {};
  } catch (error) {
    const problems = error instanceof SeedError ? error.problems.join("; ") : (error as Error).message;
    throw new ProviderError(400, "bad_request", `The settings were not saved. ${problems}`, undefined, {
      cause: error,
    });
  }
}

/** What the admin API drives: wiping back to the start seed, adding a seed, exporting the state as one. */
export interface AdminActions {
  reset(): Promise<void>;
  seed(seed: EmulatorSeed): Promise<void>;
  exportSeed(): Promise<EmulatorSeed>;
}

/**
 * The admin API under `/__emulator`: POST reset, POST seed (add), GET seed (export), GET outbox (`?to=`), GET and PATCH settings, PATCH users/:userId (enabled, locked, canCreateOrgs),
 * POST access_token (a user's token of any lifetime, an expired one included), and the JWKS at
 * `/.well-known/jwks.json` for an app's backend to verify access tokens.
 */
export function adminRoutes(router: Router, ctx: EmulatorContext, actions: AdminActions): void {
  router.add("POST", "/__emulator/reset", async () => {
    await actions.reset();
    return ok({ reset: true });
  });
  router.add("GET", "/__emulator/seed", async () => ok(await actions.exportSeed()));
  router.add("POST", "/__emulator/seed", async (request) => {
    let seed: EmulatorSeed;
    try {
      seed = parseSeed(request.body ?? {}, "POST /__emulator/seed", false);
    } catch (error) {
      throw new ProviderError(400, "bad_request", (error as Error).message, undefined, { cause: error });
    }
    try {
      await actions.seed(seed);
    } catch (error) {
      throw new ProviderError(
        400,
        "bad_request",
        `The seed could not be applied: ${(error as Error).message}`,
        undefined,
        {
          cause: error,
        },
      );
    }
    return ok({ seeded: true });
  });
  router.add("GET", "/__emulator/outbox", async (request) =>
    ok({ messages: await readOutbox(ctx, request.url.searchParams.get("to") ?? undefined) }),
  );
  router.add("GET", "/__emulator/settings", async () => ok(await readSettings(ctx.db)));
  router.add("PATCH", "/__emulator/settings", async (request) => {
    return ok(await writeSettings(ctx.db, settingsChanges(request.body)));
  });
  // What the backend's access-token call cannot mint: a token that has already expired (an app's 401 path).
  router.add("POST", "/__emulator/access_token", async (request) => {
    const body = bodyOf(request);
    const person = typeof body.user_id === "string" ? await getPerson(ctx, body.user_id) : null;
    if (!person) throw new ProviderError(404, "user_not_found", "User not found");
    const seconds = body.expires_in_seconds;
    if (!Number.isInteger(seconds) || Math.abs(seconds as number) > MAX_ADMIN_TOKEN_SECONDS)
      throw new ProviderError(
        400,
        "bad_request",
        `expires_in_seconds must be a whole number from -${MAX_ADMIN_TOKEN_SECONDS} to ${MAX_ADMIN_TOKEN_SECONDS} (0 or less: expired)`,
      );
    const orgId = typeof body.org_id === "string" ? body.org_id : undefined;
    const method = { login_method: "generated_from_backend_api" as const };
    const tokens = await refreshResponse(ctx, person, method, orgId, seconds as number);
    if (!tokens) throw new ProviderError(400, "bad_request", "The user is not a member of this organization");
    return ok({ access_token: tokens.access_token, expires_at_seconds: tokens.expires_at_seconds });
  });
  router.add("PATCH", "/__emulator/users/:userId", async (request) => {
    const body = bodyOf(request);
    const changes = Object.fromEntries(
      ["enabled", "locked", "canCreateOrgs"].filter((k) => typeof body[k] === "boolean").map((k) => [k, body[k]]),
    );
    if (!(await getPerson(ctx, request.params.userId!)))
      throw new ProviderError(404, "user_not_found", "User not found");
    await updateProfile(ctx, request.params.userId!, changes);
    return ok({ user_id: request.params.userId, ...changes });
  });
}
