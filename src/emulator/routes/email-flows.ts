import { withinRateLimit, type EmulatorContext } from "../store/context.js";
import { accountDisabled, accountLocked, invalidFields, ProviderError } from "../http/errors.js";
import { bodyOf, optionalFlag, optionalText } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { listOrgs } from "../store/orgs.js";
import { sendLink } from "../store/outbox.js";
import { createPerson, getPersonByEmail } from "../store/people.js";
import { domainOf, isEmail } from "../tokens/secrets.js";
import { requirePerson } from "../store/sessions.js";
import { sendConfirmation } from "./login.js";
import { noContent, ok } from "../http/reply.js";

const invalidEmail = { email: { code: "invalid_email", message: "Please enter a valid email address" } };

/** Links that open the user's webmail at the e-mail, for the mail providers the domain belongs to. */
function sniperLinks(email: string, from: string): Record<string, string> {
  const domain = domainOf(email);
  const query = encodeURIComponent(`from:${from}`);
  if (/^(gmail|googlemail)\./.test(domain))
    return { gmail: `https://mail.google.com/mail/u/0/#search/${query}+in%3Aanywhere` };
  if (/^(outlook|hotmail|live)\./.test(domain)) return { outlook: "https://outlook.live.com/mail/0/inbox" };
  if (/^yahoo\./.test(domain)) return { yahoo: `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(from)}` };
  return {};
}

/** POST forgot_password, login_passwordless, resend_email_confirmation; GET login/check. */
export function emailFlowRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/api/fe/v3/forgot_password", async (request) => {
    const email = optionalText(bodyOf(request), "email") ?? "";
    if (!isEmail(email)) throw invalidFields(invalidEmail);
    const person = await getPersonByEmail(ctx, email);
    if (person)
      await sendLink(ctx, {
        to: person.email,
        kind: "reset_password",
        subject: "Reset your password",
        identifier: `reset:${person.id}`,
        seconds: 3600,
      });
    const message = `If an account exists for ${email}, a password reset link is on its way.`;
    return ok({ message, sniper_links: sniperLinks(email, new URL(ctx.baseUrl).hostname) });
  });

  router.add("POST", "/api/fe/v3/login_passwordless", async (request) => {
    const body = bodyOf(request);
    const email = optionalText(body, "email") ?? "";
    const create = optionalFlag(body, "create_if_doesnt_exist") ?? false;
    if (!isEmail(email)) throw invalidFields(invalidEmail);
    const settings = await ctx.settings();
    if (!settings.passwordless) throw new ProviderError(404, "not_found", "Passwordless login is not enabled");
    let person = await getPersonByEmail(ctx, email);
    if (person && !person.enabled) throw accountDisabled();
    if (person?.locked) throw accountLocked();
    if (!person && create) {
      const domain = domainOf(email);
      if (settings.passwordlessWorkEmailOnly && settings.personalDomains.includes(domain))
        throw new ProviderError(400, "bad_request", "Please use your work email address");
      if (settings.allowedSignupDomains.length > 0 && !settings.allowedSignupDomains.includes(domain))
        throw new ProviderError(400, "domain_not_allowed", "Sign-ups from this email domain are not allowed");
      if (!settings.signup) return noContent();
      person = await createPerson(ctx, { email });
    }
    if (person)
      await sendLink(ctx, {
        to: person.email,
        kind: "magic_link",
        subject: "Your login link",
        identifier: `magic:${person.id}`,
        seconds: 900,
      });
    return noContent();
  });

  router.add("POST", "/api/fe/v3/resend_email_confirmation", async (request) => {
    const person = await requirePerson(ctx, request, { confirmed: false });
    if (person.emailConfirmed)
      throw new ProviderError(400, "email_already_confirmed", "Your email address is already confirmed");
    const settings = await ctx.settings();
    if (!(await withinRateLimit(ctx, `confirm:${person.id}`, settings.emailResendSeconds, 1))) {
      throw new ProviderError(429, "rate_limit_exceeded", "Too many requests. Please wait a minute and try again.");
    }
    await sendConfirmation(ctx, person);
    return noContent();
  });

  router.add("GET", "/api/fe/v3/login/check", async (request) => {
    const query = request.url.searchParams;
    const orgId = query.get("org_id");
    const domain = query.get("domain") ?? (query.get("email")?.includes("@") ? domainOf(query.get("email")!) : null);
    const found = orgId
      ? await listOrgs(ctx, "id = $1 and saml_enabled", [orgId])
      : domain
        ? await listOrgs(ctx, "lower(domain) = lower($1) and saml_enabled", [domain])
        : [];
    if (found.length === 0)
      throw new ProviderError(404, "org_not_found", "No organization with single sign-on was found");
    if (found.length > 1)
      throw new ProviderError(
        400,
        "ambiguous_results",
        "More than one organization matches. Please sign in with your organization's ID.",
      );
    const loginUrl = new URL("/saml", ctx.baseUrl);
    loginUrl.searchParams.set("id", found[0]!.id);
    return ok({ login_url: loginUrl.toString() });
  });
}
