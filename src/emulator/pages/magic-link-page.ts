import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { afterPassword } from "../routes/login.js";
import { peekMagicLink, type MagicLink, useMagicLink } from "../store/magic-links.js";
import { getPerson } from "../store/people.js";
import { escapeHtml, form, page } from "./html.js";
import { redirect } from "./flow.js";

const html = (title: string, body: string, status: number): Reply => ({ status, html: page(title, body) });
const unusable = () =>
  html(
    "Link expired",
    `<p>This login link is invalid, already used or expired. Ask for a new one.</p><p><a href="/login">Log in</a></p>`,
    400,
  );

/** The token of a link request (query on GET, form on POST). */
const tokenOf = (request: Request): string => request.form.t ?? request.url.searchParams.get("t") ?? "";

/** Where a followed link lands: its redirect (while still allowed), else the project's default, else the account page. */
async function landing(ctx: EmulatorContext, request: Request, link: MagicLink): Promise<string> {
  if (link.redirectTo && request.redirectAllowed(link.redirectTo)) return link.redirectTo;
  return (await ctx.settings()).defaultRedirect ?? "/account";
}

/** Uses the link and signs its user in (a login like a password one, `magic_link`); MFA users go to the code page. */
async function follow(ctx: EmulatorContext, request: Request): Promise<Reply> {
  const link = await useMagicLink(ctx, tokenOf(request));
  const person = link ? await getPerson(ctx, link.userId) : null;
  if (!link || !person) return unusable();
  if (!person.enabled || person.locked) return html("Cannot log in", "<p>This account is disabled or locked.</p>", 403);
  if (!person.emailConfirmed) await ctx.identity.updateUser({ id: person.id, emailVerified: ctx.now() });
  const next = await afterPassword(ctx, request, person, { login_method: "magic_link" });
  const target = new URL(await landing(ctx, request, link), ctx.baseUrl).href;
  if (next.state !== "TwoFactorRequired") return redirect(target, [next.cookie]);
  const rt = Buffer.from(target, "utf8").toString("base64");
  return redirect(`/mfa?${new URLSearchParams({ rt })}`, [next.cookie]);
}

/**
 * The links the backend's `POST /magic_link` answers: following one signs in (or, with `requires_interstitial`,
 * shows a button that does); an unknown, expired or used-up link shows a page saying so.
 */
export function magicLinkPage(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/magic_link", async (request) => {
    const token = tokenOf(request);
    const link = await peekMagicLink(ctx, token);
    if (!link) return unusable();
    if (!link.requiresInterstitial) return follow(ctx, request);
    const person = await getPerson(ctx, link.userId);
    if (!person) return unusable();
    return html(
      "Log in",
      `<p>Log in as <strong>${escapeHtml(person.email)}</strong>?</p>${form("/magic_link", [], { t: token }, "Log in")}`,
      200,
    );
  });
  router.add("POST", "/magic_link", (request) => follow(ctx, request));
}
