import type { EmulatorContext } from "../store/context.js";
import { backendUserNotFound } from "../http/backend-errors.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { getPerson } from "../store/people.js";
import { getSignupParameters } from "../store/signup-parameters.js";
import { backendRegistrar } from "./backend-edge.js";

/**
 * The backend's view of the query parameters a user signed up with: those a magic link that created the user was
 * given (`user_signup_query_parameters`), `{}` for any other user. An unknown user is a 404.
 */
export function backendUserSignupRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  add("GET", "/api/backend/v1/user/:userId/signup_query_parameters", async (request) => {
    const person = await getPerson(ctx, request.params.userId!);
    if (!person) throw backendUserNotFound();
    return ok({ user_signup_query_parameters: await getSignupParameters(ctx, person.id) });
  });
}
