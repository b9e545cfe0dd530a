/**
 * `GET /`, the emulator's home page (where to go next: the hosted pages, the outbox, the admin UI, the keys and the
 * backend settings), and `GET /health` for scripts and monitors. Neither shows a secret: the admin secret and the
 * integration API key stay in the terminal that started the emulator.
 */
import type { Reply, Router } from "../http/http.js";
import type { EmulatorContext } from "../store/context.js";
import { backendSettingsCode } from "./backend-settings.js";
import { escapeHtml, page } from "./html.js";

/** Which database keeps the state, as `select version()` names it (PGlite reports itself there). */
type StoreKind = "pglite" | "postgres";

/** The database's kind; throws when the database does not answer. */
async function storeKind(ctx: EmulatorContext): Promise<StoreKind> {
  const { rows } = await ctx.db.query<{ version: string }>("select version() as version");
  return /PGlite/i.test(rows[0]?.version ?? "") ? "pglite" : "postgres";
}

const STORE_NAMES: Record<StoreKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

const link = (href: string, label: string, note: string): string =>
  `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a> <span class="muted">${escapeHtml(note)}</span></li>`;

/** The home page's HTML body. */
function landingBody(ctx: EmulatorContext, version: string, store: StoreKind): string {
  const settings = backendSettingsCode({
    authUrl: ctx.baseUrl,
    verifierKey: ctx.signer.pem(),
    issuer: ctx.signer.issuer(),
  });
  return `<p class="muted">Version ${escapeHtml(version)} · state in ${STORE_NAMES[store]} · auth URL <code>${escapeHtml(ctx.baseUrl)}</code></p>
<h2>Hosted pages</h2>
<ul>
${link("/login", "Log in", "the provider's login page")}
${link("/signup", "Sign up", "a new user")}
${link("/account", "Account", "the signed-in user's settings")}
${link("/outbox", "Outbox", "every e-mail sent: magic links, confirmations, resets, invitations")}
</ul>
<h2>Admin UI</h2>
<p><a href="/__emulator/ui">Admin UI</a> <span class="muted">users, orgs, outbox, settings, live requests.</span>
It needs the admin secret: open the address on the terminal's <code>Admin UI</code> line (it ends in
<code>?token=…</code>) once, and this browser keeps an admin cookie. This page never shows the secret.</p>
<h2>Your backend</h2>
<ul>
${link("/.well-known/verifier-key.pem", "Verifier key (PEM)", "the public key that verifies access tokens")}
${link("/.well-known/jwks.json", "JWKS", "the same key as a JSON Web Key Set")}
${link("/health", "Health", "JSON: status, version, store")}
</ul>
<p>Backend settings for <code>@propelauth/node</code>, to paste:</p>
<pre style="overflow-x:auto;background:#f6f8fa;padding:.5rem;font-size:.8rem">${escapeHtml(settings)}</pre>
<p class="muted">An app's server also needs the integration API key (<code>PROPELAUTH_API_KEY</code>): the terminal's
<code>API key</code> line shows it.</p>`;
}

/** Registers `GET /` (the home page) and `GET /health` (`{ status, version, store }`; 503 when the database fails). */
export function landingPage(router: Router, ctx: EmulatorContext, version: string): void {
  router.add("GET", "/", async (): Promise<Reply> => {
    const body = landingBody(ctx, version, await storeKind(ctx));
    return { status: 200, html: page("Home", body) };
  });
  router.add("GET", "/health", async (): Promise<Reply> => {
    try {
      return { status: 200, json: { status: "ok", version, store: await storeKind(ctx) } };
    } catch {
      return { status: 503, json: { status: "unavailable", version, error_code: "database_unavailable" } };
    }
  });
}
