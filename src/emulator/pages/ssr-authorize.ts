import { parseUrl } from "../../shared/parse-url.js";
import type { EmulatorContext } from "../store/context.js";
import type { Reply, Request, Router } from "../http/http.js";
import { browserSessionOf, currentPerson, sessionLoginMethod } from "../store/sessions.js";
import { issueSsrCode } from "../store/ssr-sessions.js";
import { loginPage, signupPage } from "./auth-pages.js";
import { escapeHtml, page } from "./html.js";

/**
 * GET /propelauth/ssr/authorize: the hosted login for an app's server. Signed out, it shows the login (or, with
 * `signup=true`, signup) page, whose every step comes back here; signed in, it sends the browser to `redirect_uri`
 * with a one-time `code` and the app's `state` (302). A `redirect_uri` that is not an absolute URL on an allowed app
 * origin (or the emulator's own) is answered with an error page, never a redirect.
 */
export function ssrAuthorizePage(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/propelauth/ssr/authorize", async (request) => {
    const query = request.url.searchParams;
    const redirectUri = query.get("redirect_uri") ?? "";
    const state = query.get("state") ?? "";
    if (!redirectUri || !state)
      return errorPage("Invalid request", "The authorize page needs a redirect_uri and a state.");
    const target = parseUrl(redirectUri);
    if (!target || !/^https?:$/.test(target.protocol) || !request.redirectAllowed(redirectUri))
      return errorPage(
        "Redirect URI not allowed",
        `${redirectUri} is not on an allowed app origin. Start the emulator with --allowed-origin for your app's origin.`,
      );
    const person = await currentPerson(ctx, request);
    const browserSession = browserSessionOf(request);
    if (!person || !browserSession) {
      const returnHere = withReturnHere(request);
      return query.get("signup") === "true" ? signupPage(returnHere) : loginPage(returnHere);
    }
    const code = await issueSsrCode(
      ctx,
      { userId: person.id, browserSession, loginMethod: await sessionLoginMethod(ctx, request) },
      redirectUri,
    );
    target.searchParams.set("code", code);
    target.searchParams.set("state", state);
    return { status: 302, redirect: target.href };
  });
}

/** The request as the login page sees it: its `rt` is this authorize URL (on the host the browser used), to come back to. */
function withReturnHere(request: Request): Request {
  const here = new URL(request.url.pathname + request.url.search, `http://${request.headers.host ?? "127.0.0.1"}`);
  const url = new URL(request.url.href);
  url.search = new URLSearchParams({ rt: Buffer.from(here.href, "utf8").toString("base64") }).toString();
  return { ...request, url };
}

const errorPage = (title: string, message: string): Reply => ({
  status: 400,
  html: page(title, `<p class="error" role="alert">${escapeHtml(message)}</p>`),
});
