import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { acceptInvitation, findInvitation } from "../store/invitations.js";
import { readOutbox } from "../store/outbox.js";
import { getPerson, getPersonByEmail, updateProfile } from "../store/people.js";
import { afterPassword } from "../routes/login.js";
import { hashPassword } from "../tokens/secrets.js";
import { currentPerson } from "../store/sessions.js";
import { errorLine, escapeHtml, form, page } from "./html.js";
import { landingTarget, rawRt, redirect, withRt } from "./flow.js";

const html = (title: string, body: string, status = 200): Reply => ({ status, html: page(title, body) });
const expired = () =>
  html("Link expired", `<p>This link is invalid, already used or expired.</p><p><a href="/login">Log in</a></p>`, 400);

/** The identifier and token of a link request (query on GET, form on POST). */
const linkOf = (request: Request) => ({
  identifier: request.form.i ?? request.url.searchParams.get("i") ?? "",
  token: request.form.t ?? request.url.searchParams.get("t") ?? "",
});

/** Single-use e-mail links (confirm, change e-mail, magic link, password reset), invitations and the outbox page. */
export function linkPages(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/link", async (request) => {
    const { identifier, token } = linkOf(request);
    const [kind, userId = "", ...rest] = identifier.split(":");
    if (kind === "reset") return resetPage(request);
    const used = await ctx.identity.useVerificationToken({ identifier, token });
    const person = used ? await getPerson(ctx, userId) : null;
    if (!person) return expired();
    if (kind === "confirm") {
      await ctx.identity.updateUser({ id: person.id, emailVerified: ctx.now() });
      return redirect(await landingTarget(ctx, request));
    }
    if (kind === "email") {
      const newEmail = rest.join(":");
      if (await getPersonByEmail(ctx, newEmail))
        return html("Address taken", "<p>Another account uses this address now.</p>", 409);
      await ctx.identity.updateUser({ id: person.id, email: newEmail, emailVerified: ctx.now() });
      return redirect(await landingTarget(ctx, request));
    }
    if (kind === "magic") {
      if (!person.enabled || person.locked)
        return html("Cannot log in", "<p>This account is disabled or locked.</p>", 403);
      if (!person.emailConfirmed) await ctx.identity.updateUser({ id: person.id, emailVerified: ctx.now() });
      const next = await afterPassword(ctx, request, (await getPerson(ctx, person.id))!, {
        login_method: "magic_link",
      });
      return redirect(
        next.state === "TwoFactorRequired" ? withRt("/mfa", request) : await landingTarget(ctx, request),
        [next.cookie],
      );
    }
    return expired();
  });

  const resetPage = (request: Request, error?: string) =>
    html(
      "Choose a new password",
      `${errorLine(error)}${form("/link", [{ name: "password", label: "New password (8 characters or more)", type: "password" }], { i: linkOf(request).identifier, t: linkOf(request).token, ...rawRt(request) }, "Save password")}`,
    );
  router.add("POST", "/link", async (request) => {
    const { identifier, token } = linkOf(request);
    const password = request.form.password ?? "";
    if (!identifier.startsWith("reset:")) return expired();
    if (password.length < 8) return resetPage(request, "Password must be at least 8 characters");
    const used = await ctx.identity.useVerificationToken({ identifier, token });
    const person = used ? await getPerson(ctx, identifier.slice("reset:".length)) : null;
    if (!person) return expired();
    await updateProfile(ctx, person.id, { passwordHash: await hashPassword(password), locked: false, failedLogins: 0 });
    return redirect(withRt("/login", request));
  });

  router.add("GET", "/accept_invite", async (request) => {
    const token = request.url.searchParams.get("token") ?? "";
    const invitation = await findInvitation(ctx, token);
    if (!invitation) return expired();
    const person = await currentPerson(ctx, request);
    if (person && person.email.toLowerCase() === invitation.email.toLowerCase()) {
      await acceptInvitation(ctx, invitation, person);
      return redirect(`/org?id=${encodeURIComponent(invitation.orgId)}`);
    }
    const here = Buffer.from(
      new URL(`/accept_invite?token=${encodeURIComponent(token)}`, ctx.baseUrl).href,
      "utf8",
    ).toString("base64");
    if (await getPersonByEmail(ctx, invitation.email)) return redirect(`/login?rt=${encodeURIComponent(here)}`);
    return redirect(`/signup?${new URLSearchParams({ invite_token: token, email: invitation.email })}`);
  });

  router.add("GET", "/outbox", async (request) => {
    const messages = await readOutbox(ctx, request.url.searchParams.get("to") ?? undefined);
    const rows = messages.map(
      (m) =>
        `<tr><td>${escapeHtml(m.sentAt.slice(11, 19))}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td><a href="${escapeHtml(m.link)}">open</a></td></tr>`,
    );
    return html(
      "Outbox",
      `<p class="muted">Every e-mail the emulator sent. Nothing leaves this machine.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Link</th></tr></thead><tbody>${rows.join("") || "<tr><td colspan=4>Empty</td></tr>"}</tbody></table>`,
    );
  });
}
