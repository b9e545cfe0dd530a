import type { EmulatorContext } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { bodyOf, optionalFlag, optionalObject, optionalText, requiredText } from "../http/fields.js";
import type { Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { createMagicLink } from "../store/magic-links.js";
import { createPerson, getPersonByEmail } from "../store/people.js";
import { saveSignupParameters } from "../store/signup-parameters.js";
import { isEmail } from "../tokens/secrets.js";
import { backendRegistrar } from "./backend-edge.js";

/** How long a link works by default, and at most, in hours. */
const DEFAULT_HOURS = 24;
const MAX_HOURS = 8_760;

/** `expires_in_hours`: a whole number of hours, 1 … 8760 (24 when absent). */
function hoursOf(body: Record<string, unknown>): number {
  const value = body.expires_in_hours;
  if (value === undefined) return DEFAULT_HOURS;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_HOURS)
    throw fieldError("expires_in_hours", `Must be a whole number of hours, 1 to ${MAX_HOURS}`);
  return value;
}

/** `redirect_to_url`: an absolute http(s) URL the emulator may redirect to (its own origin, an allowed app origin). */
function redirectOf(request: Request, body: Record<string, unknown>): string | null {
  const value = optionalText(body, "redirect_to_url");
  if (value === undefined) return null;
  if (!request.redirectAllowed(value))
    throw fieldError(
      "redirect_to_url",
      "Must be an absolute http(s) URL on the auth host or an allowed app origin (see the emulator's --allowed-origin)",
    );
  return new URL(value).href;
}

/** `user_signup_query_parameters`: an object of text values, or null. */
function signupParametersOf(body: Record<string, unknown>): Record<string, string> | null {
  const value = optionalObject(body, "user_signup_query_parameters");
  if (value === undefined) return null;
  if (Object.values(value).some((v) => typeof v !== "string"))
    throw fieldError("user_signup_query_parameters", "Every value must be text");
  return value as Record<string, string>;
}

/** The backend's magic links: `POST /magic_link` answers a link on the emulator's origin (see magic-link-page.ts). */
export function backendMagicLinkRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  add("POST", "/api/backend/v1/magic_link", async (request) => {
    const body = bodyOf(request);
    const email = requiredText(body, "email").trim();
    if (!isEmail(email)) throw fieldError("email", "Please enter a valid email address", "invalid_email");
    const hours = hoursOf(body);
    const redirectTo = redirectOf(request, body);
    const signupQueryParameters = signupParametersOf(body);
    const singleUse = optionalFlag(body, "expire_after_first_use") ?? true;
    const requiresInterstitial = optionalFlag(body, "requires_interstitial") ?? false;
    const create = optionalFlag(body, "create_new_user_if_one_doesnt_exist") ?? false;
    const found = await getPersonByEmail(ctx, email);
    if (!found && !create) throw fieldError("email", "No user with this email address exists", "user_not_found");
    const person = found ?? (await createPerson(ctx, { email }));
    if (!found && signupQueryParameters) await saveSignupParameters(ctx, person.id, signupQueryParameters);
    const token = await createMagicLink(ctx, {
      userId: person.id,
      redirectTo,
      requiresInterstitial,
      singleUse,
      hours,
      signupQueryParameters: found ? null : signupQueryParameters,
    });
    const url = new URL("/magic_link", ctx.baseUrl);
    url.searchParams.set("t", token);
    return ok({ url: url.href });
  });
}
