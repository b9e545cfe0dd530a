import { readSettings, writeSettings, type EmulatorContext } from "../context.js";
import { ProviderError } from "../errors.js";
import { bodyOf } from "../fields.js";
import type { Router } from "../http.js";
import { readOutbox } from "../outbox.js";
import { getPerson, updateProfile } from "../people.js";
import type { EmulatorSeed } from "../seed.js";
import type { EmulatorSettings } from "../settings.js";
import { settingsProblem } from "../settings-check.js";
import { ok } from "./reply.js";

/** Refuses settings of the wrong shape with a 400 naming the first problem. */
function assertSettings(changes: unknown): void {
  const problem = settingsProblem(changes);
  if (problem) throw new ProviderError(400, "bad_request", problem);
}

/** What the admin API drives: wiping back to the start seed, adding a seed. */
export interface AdminActions {
  reset(): Promise<void>;
  seed(seed: EmulatorSeed): Promise<void>;
}

/**
 * The admin API under `/__emulator`: POST reset, POST seed, GET outbox (`?to=`), GET and PATCH settings, PATCH users/:userId (enabled, locked, canCreateOrgs), and the
 * JWKS at `/.well-known/jwks.json` for an app's backend to verify access tokens.
 */
export function adminRoutes(router: Router, ctx: EmulatorContext, actions: AdminActions): void {
  router.add("POST", "/__emulator/reset", async () => {
    await actions.reset();
    return ok({ reset: true });
  });
  router.add("POST", "/__emulator/seed", async (request) => {
    assertSettings((bodyOf(request) as EmulatorSeed).settings ?? {});
    try {
      await actions.seed(bodyOf(request) as EmulatorSeed);
    } catch (error) {
      throw new ProviderError(400, "bad_request", `The seed could not be applied: ${(error as Error).message}`);
    }
    return ok({ seeded: true });
  });
  router.add("GET", "/__emulator/outbox", async (request) =>
    ok({ messages: await readOutbox(ctx, request.url.searchParams.get("to") ?? undefined) }),
  );
  router.add("GET", "/__emulator/settings", async () => ok(await readSettings(ctx.db)));
  router.add("PATCH", "/__emulator/settings", async (request) => {
    assertSettings(request.body);
    return ok(await writeSettings(ctx.db, bodyOf(request) as Partial<EmulatorSettings>));
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
  router.add("GET", "/.well-known/jwks.json", async () => ok(ctx.signer.jwks()));
}
