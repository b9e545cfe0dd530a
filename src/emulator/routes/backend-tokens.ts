import type { EmulatorContext } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { ProviderError } from "../http/errors.js";
import { bodyOf, optionalText, requiredText } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { getPerson } from "../store/people.js";
import { backendRegistrar } from "./backend-edge.js";
import { refreshResponse } from "./auth-info.js";

/** The longest access token the backend mints: a year, in minutes. */
const MAX_MINUTES = 365 * 24 * 60;

/**
 * The backend's token calls: `POST /api/backend/v1/access_token` mints an access token for a user (optionally an org
 * token) lasting `duration_in_minutes`; `GET /api/v1/token_verification_metadata` gives the PEM to verify tokens with.
 */
export function backendTokenRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);

  add("POST", "/api/backend/v1/access_token", async (request) => {
    const body = bodyOf(request);
    const person = await getPerson(ctx, requiredText(body, "user_id"));
    // The provider answers an unknown user with 403 (the vendor's UserNotFoundException).
    if (!person) throw new ProviderError(403, "user_not_found", "User not found");
    const minutes = body.duration_in_minutes;
    if (!Number.isInteger(minutes) || (minutes as number) < 1 || (minutes as number) > MAX_MINUTES)
      throw fieldError("duration_in_minutes", `Must be a whole number of minutes, 1 to ${MAX_MINUTES}`);
    if (!person.enabled) throw fieldError("user_id", "The user is disabled");
    const activeOrgId = optionalText(body, "active_org_id");
    const method = { login_method: "generated_from_backend_api" as const };
    const tokens = await refreshResponse(ctx, person, method, activeOrgId, (minutes as number) * 60);
    if (!tokens) throw fieldError("active_org_id", "The user is not a member of this organization");
    return ok({ access_token: tokens.access_token });
  });

  add("GET", "/api/v1/token_verification_metadata", async () => ok({ verifier_key_pem: ctx.signer.pem() }));
}
