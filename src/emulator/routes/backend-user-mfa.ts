import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound } from "../http/backend-errors.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { getMfa } from "../store/mfa-store.js";
import { getPerson } from "../store/people.js";
import { backendRegistrar } from "./backend-edge.js";

/**
 * The backend's view of a user's MFA methods, from the emulator's TOTP state: `{ mfa_setup: { type: "Totp" } }` once
 * the user has turned TOTP on, `{ mfa_setup: null }` otherwise (a secret minted but not confirmed is no method). The
 * emulator has no SMS factor, so `Phone` never appears. An unknown user is a 404.
 */
export function backendUserMfaRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  add("GET", "/api/backend/v1/user/:userId/mfa", async (request) => {
    const person = await getPerson(ctx, request.params.userId!);
    if (!person) throw backendUserNotFound();
    const mfa = await getMfa(ctx, person.id);
    return ok({ mfa_setup: mfa.enabled ? { type: "Totp" } : null });
  });
}
