import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { findOrg, membershipsOf } from "../store/orgs.js";
import { getPerson } from "../store/people.js";
import { currentPerson, endSession } from "../store/sessions.js";
import { errorLine, escapeHtml, form, page } from "./html.js";
import { callApi, landingTarget, messageOf, rawRt, redirect, returnTarget, withRt } from "./flow.js";

const html = (title: string, body: string): Reply => ({ status: 200, html: page(title, body) });
const backLink = (request: Request): string => {
  const target = returnTarget(request);
  return target ? `<p><a href="${escapeHtml(target)}">Back to the app</a></p>` : "";
};

/** The account page's MFA part: the QR code to scan and a code field while off; the backup codes and a way to turn it off while on. */
async function mfaSection(router: Router, request: Request, error?: string): Promise<string> {
  const { reply } = await callApi(router, request, "POST", "/api/fe/v3/security_status", undefined);
  const status = reply?.json as
    | { type: "Enabled"; backup_codes: string[] }
    | { type: "Disabled"; new_secret: string; new_qr: string }
    | undefined;
  if (!status) return "";
  if (status.type === "Enabled") {
    return `<h2>Two-factor authentication: on</h2><p class="muted">Unused backup codes: ${status.backup_codes.map(escapeHtml).join(", ")}</p>
<form method="post" action="/account/mfa_disable"><button>Turn two-factor authentication off</button></form>`;
  }
  return `<h2>Two-factor authentication: off</h2>${errorLine(error)}<p>Scan with an authenticator app, or type <code>${escapeHtml(status.new_secret)}</code>.</p>
<img alt="QR code of the MFA secret" src="${escapeHtml(status.new_qr)}" width="180" height="180">
${form("/account/mfa_enable", [{ name: "code", label: "Code from the app" }], {}, "Turn on")}`;
}

/** /account, /org, /create_org and /logout: small pages for the signed-in user. */
export function accountPages(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/account", async (request) => {
    const person = await currentPerson(ctx, request);
    if (!person) return redirect(withRt("/login", request));
    const orgs = await membershipsOf(ctx, person.id);
    const list = orgs
      .map(
        ({ org, membership }) =>
          `<li><a href="/org?id=${encodeURIComponent(org.id)}">${escapeHtml(org.name)}</a> — ${escapeHtml(membership.role)}</li>`,
      )
      .join("");
    return html(
      "Your account",
      `<p>Signed in as <strong>${escapeHtml(person.email)}</strong>${person.emailConfirmed ? "" : " (not confirmed)"}.</p>
${await mfaSection(router, request)}
<h2>Organisations</h2><ul>${list || "<li>None yet</li>"}</ul><p><a href="${withRt("/create_org", request)}">Create an organisation</a></p>
${backLink(request)}<form method="post" action="/logout">${Object.entries(rawRt(request))
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join("")}<button>Log out</button></form>`,
    );
  });

  router.add("POST", "/account/mfa_enable", async (request) => {
    const { error } = await callApi(router, request, "POST", "/api/fe/v3/mfa_enable", {
      code: request.form.code ?? "",
    });
    if (error?.code === "not_logged_in") return redirect("/login");
    if (error)
      return html(
        "Your account",
        `${await mfaSection(router, request, messageOf(error))}<p><a href="/account">Back</a></p>`,
      );
    return redirect("/account");
  });
  router.add("POST", "/account/mfa_disable", async (request) => {
    await callApi(router, request, "POST", "/api/fe/v3/mfa_disable", {});
    return redirect("/account");
  });

  router.add("GET", "/org", async (request) => {
    const person = await currentPerson(ctx, request);
    if (!person) return redirect(withRt("/login", request, {}));
    const orgId = request.url.searchParams.get("id");
    const memberships = await membershipsOf(ctx, person.id);
    const mine = memberships.find(({ org }) => org.id === orgId) ?? (orgId ? undefined : memberships[0]);
    const org = mine ? mine.org : orgId ? await findOrg(ctx, orgId) : null;
    if (!mine || !org)
      return html("Organisation", `<p>You are not a member of this organisation.</p>${backLink(request)}`);
    const { rows } = await ctx.db.query<{ user_id: string; role: string }>(
      "select user_id, role from emu_memberships where org_id = $1 order by created_at",
      [org.id],
    );
    const members = [];
    for (const row of rows)
      members.push(
        `<li>${escapeHtml((await getPerson(ctx, row.user_id))?.email ?? row.user_id)} — ${escapeHtml(row.role)}</li>`,
      );
    return html(
      org.name,
      `<p>Your role: ${escapeHtml(mine.membership.role)}.</p><h2>Members</h2><ul>${members.join("")}</ul>${backLink(request)}`,
    );
  });

  const createOrgPage = (request: Request, error?: string) =>
    html(
      "Create an organisation",
      `${errorLine(error)}${form("/create_org", [{ name: "name", label: "Name" }], rawRt(request), "Create")}${backLink(request)}`,
    );
  router.add("GET", "/create_org", async (request) =>
    (await currentPerson(ctx, request)) ? createOrgPage(request) : redirect(withRt("/login", request)),
  );
  router.add("POST", "/create_org", async (request) => {
    const { error } = await callApi(router, request, "POST", "/api/fe/v3/create_org", {
      name: request.form.name ?? "",
      autojoin_by_domain: false,
      restrict_to_domain: false,
    });
    if (error?.code === "not_logged_in") return redirect(withRt("/login", request));
    if (error) return createOrgPage(request, messageOf(error));
    return redirect(await landingTarget(ctx, request));
  });

  router.add("POST", "/logout", async (request) => redirect(withRt("/login", request), await endSession(ctx, request)));
}
