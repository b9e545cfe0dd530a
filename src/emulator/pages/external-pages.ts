import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { findMembership, findOrg } from "../store/orgs.js";
import { rolesFor } from "../store/roles.js";
import { addMember } from "../store/member-limit.js";
import { ProviderError } from "../http/errors.js";
import { createPerson, getPerson, getPersonByEmail, type Person } from "../store/people.js";
import { domainOf, isEmail } from "../tokens/secrets.js";
import { afterPassword } from "../routes/login.js";
import { type LoginMethod, samlLoginMethod, socialLoginMethod } from "../store/login-methods.js";
import { errorLine, escapeHtml, form, page } from "./html.js";
import { SOCIAL_PROVIDERS } from "./social.js";
import { callApi, landingTarget, messageOf, rawRt, redirect, withRt } from "./flow.js";

const SOCIAL = new Set(SOCIAL_PROVIDERS);
const html = (title: string, body: string, status = 200): Reply => ({ status, html: page(title, body) });

/**
 * Signs in through an outside identity provider: the account (provider, provider account id) finds the user; a new
 * one is linked to the user with that e-mail, or to a new user (the provider vouches for the address).
 */
async function externalSignIn(
  ctx: EmulatorContext,
  provider: string,
  providerAccountId: string,
  email: string,
): Promise<Person | string> {
  const linked = await ctx.identity.getUserByAccount({ provider, providerAccountId });
  let person = linked ? await getPerson(ctx, linked.id) : await getPersonByEmail(ctx, email);
  person ??= await createPerson(ctx, { email, emailConfirmed: true });
  if (!person.enabled) return "Your account has been disabled";
  if (person.locked) return "Your account is locked. Please reset your password to unlock it.";
  if (!linked) await ctx.identity.linkAccount({ userId: person.id, type: "oidc", provider, providerAccountId });
  if (!person.emailConfirmed) await ctx.identity.updateUser({ id: person.id, emailVerified: ctx.now() });
  return (await getPerson(ctx, person.id))!;
}

async function finish(ctx: EmulatorContext, request: Request, person: Person, method: LoginMethod): Promise<Reply> {
  const next = await afterPassword(ctx, request, person, method);
  if (next.state === "TwoFactorRequired") return redirect(withRt("/mfa", request), [next.cookie]);
  return redirect(await landingTarget(ctx, request), [next.cookie]);
}

/** The social login routes (`/{provider}/login`), `/saml` (an org's SSO) and `/saml_lookup` (find an org's SSO). */
export function externalPages(router: Router, ctx: EmulatorContext): void {
  const socialPage = (request: Request, provider: string, error?: string) =>
    html(
      `Sign in with ${provider}`,
      `<p class="muted">The emulator stands in for ${escapeHtml(provider)}: give the address it would vouch for.</p>
${errorLine(error)}${form(`/${provider}/login`, [{ name: "email", label: "Email", type: "email" }], rawRt(request), "Continue")}`,
    );
  router.add("GET", "/:provider/login", async (request) =>
    SOCIAL.has(request.params.provider!)
      ? socialPage(request, request.params.provider!)
      : html("Not found", "<p>No such sign-in provider.</p>", 404),
  );
  router.add("POST", "/:provider/login", async (request) => {
    const provider = request.params.provider!;
    if (!SOCIAL.has(provider)) return html("Not found", "<p>No such sign-in provider.</p>", 404);
    const email = (request.form.email ?? "").trim();
    if (!isEmail(email)) return socialPage(request, provider, "Please enter a valid email address");
    const result = await externalSignIn(ctx, provider, email.toLowerCase(), email);
    return typeof result === "string"
      ? socialPage(request, provider, result)
      : finish(ctx, request, result, socialLoginMethod(provider));
  });

  const samlPage = (request: Request, orgId: string, error?: string) =>
    html(
      "Single sign-on",
      `<p class="muted">The emulator stands in for the organisation's identity provider.</p>
${errorLine(error)}${form("/saml", [{ name: "email", label: "Work email", type: "email" }], { ...rawRt(request), id: orgId }, "Sign in")}`,
    );
  router.add("GET", "/saml", async (request) => samlPage(request, request.url.searchParams.get("id") ?? ""));
  router.add("POST", "/saml", async (request) => {
    const orgId = request.form.id ?? "";
    const org = await findOrg(ctx, orgId);
    const email = (request.form.email ?? "").trim();
    if (!org?.samlEnabled) return samlPage(request, orgId, "No organization with single sign-on was found");
    if (!isEmail(email) || domainOf(email) !== org.domain)
      return samlPage(request, orgId, `Use an address at ${org.domain}`);
    const result = await externalSignIn(ctx, "saml", `${org.id}:${email.toLowerCase()}`, email);
    if (typeof result === "string") return samlPage(request, orgId, result);
    if (!(await findMembership(ctx, org.id, result.id))) {
      const { roles } = rolesFor(await ctx.settings(), org);
      const member = { orgId: org.id, userId: result.id, role: roles.at(-1)!.name, additionalRoles: [] };
      try {
        await addMember(ctx, member, result.email);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return samlPage(request, orgId, error.userFacing);
      }
    }
    return finish(ctx, request, result, samlLoginMethod(org.id));
  });

  const lookupPage = (request: Request, error?: string) =>
    html(
      "Single sign-on",
      `${errorLine(error)}${form("/saml_lookup", [{ name: "email", label: "Work email", type: "email" }], rawRt(request), "Continue")}`,
    );
  router.add("GET", "/saml_lookup", async (request) => lookupPage(request));
  router.add("POST", "/saml_lookup", async (request) => {
    const url = new URL("/api/fe/v3/login/check", ctx.baseUrl);
    url.searchParams.set("email", request.form.email ?? "");
    const { reply, error } = await callApi(router, { ...request, url }, "GET", "/api/fe/v3/login/check", undefined);
    if (error) return lookupPage(request, messageOf(error));
    const target = new URL((reply!.json as { login_url: string }).login_url);
    for (const [k, v] of Object.entries(rawRt(request))) target.searchParams.set(k, v);
    return redirect(target.pathname + target.search);
  });
}
