import { parseUrl } from "../../shared/parse-url.js";
import { refreshResponse } from "./auth-info.js";
import type { EmulatorContext } from "../store/context.js";
import { ProviderError } from "../http/errors.js";
import { bodyOf, optionalText } from "../http/fields.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import type { LoginMethod } from "../store/login-methods.js";
import { getPerson, getPersonByEmail } from "../store/people.js";
import { startSession } from "../store/sessions.js";
import { startSsrSession } from "../store/ssr-sessions.js";

/**
 * POST /__emulator/sign-in: a seeded user signed in for an end-to-end suite's browser, without the hosted login. An
 * admin route (the `x-emulator-secret` header; no web page can call it, see http/guard.ts). It answers the cookies to
 * put into the browser: the emulator's own session cookie (what a single-page app reads its session from), and, given
 * `app_url`, the cookies of an app that keeps the session on its server (orgauth/nextjs, the provider's Next.js
 * library), minted here as the app's callback would set them.
 */

/** The app's session cookies, by the names the provider's Next.js library and orgauth/nextjs both use. */
export const APP_SESSION_COOKIES = { accessToken: "__pa_at", refreshToken: "__pa_rt", activeOrgId: "__pa_org_id" };

/** A cookie as Playwright's `addCookies` takes it (name, value, domain, path, expires, httpOnly, secure, sameSite). */
type BrowserCookie = Record<string, string | number | boolean>;

const SIGNED_IN_BY: LoginMethod = { login_method: "password" };

/** The app's origin from `app_url` (its base path, if any, does not scope the cookies: they are the whole host's). */
function appUrlOf(value: string): URL {
  const url = parseUrl(value);
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    throw new ProviderError(400, "bad_request", `app_url must be the app's http(s) URL, not ${JSON.stringify(value)}`);
  return url;
}

/** Registers the route. */
export function browserSignInRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("POST", "/__emulator/sign-in", async (request) => {
    const body = bodyOf(request);
    const email = optionalText(body, "email");
    const userId = optionalText(body, "user_id");
    const orgId = optionalText(body, "org_id");
    const appUrl = optionalText(body, "app_url");
    if ((email === undefined) === (userId === undefined))
      throw new ProviderError(400, "bad_request", "Name the user by email or by user_id (one of them)");
    const person = email !== undefined ? await getPersonByEmail(ctx, email) : await getPerson(ctx, userId!);
    if (!person) throw new ProviderError(404, "user_not_found", "User not found");
    if (!person.enabled) throw new ProviderError(403, "account_disabled", "The user's account is disabled");
    const app = appUrl === undefined ? undefined : appUrlOf(appUrl);
    const tokens = await refreshResponse(ctx, person, SIGNED_IN_BY, orgId);
    if (!tokens) throw new ProviderError(400, "bad_request", "The user is not a member of that organization");
    const seconds = (await ctx.settings()).sessionSeconds;
    const expires = Math.floor(ctx.now().getTime() / 1000) + seconds;
    const cookieOn =
      (url: URL, secure: boolean) =>
      (name: string, value: string): BrowserCookie => {
        const path = "/";
        return { name, value, domain: url.hostname, path, expires, httpOnly: true, secure, sameSite: "Lax" };
      };
    // the Set-Cookie line a login answers ("__session=<token>; Path=/; …"): its name and value go into the browser
    const sessionLine = await startSession(ctx, request, person.id, SIGNED_IN_BY);
    const [pair = ""] = sessionLine.split(";");
    const [sessionName = "", sessionValue = ""] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
    const sessionToken = decodeURIComponent(sessionValue);
    const cookies = [cookieOn(new URL(ctx.baseUrl), false)(sessionName, sessionValue)];
    if (app) {
      const login = { userId: person.id, browserSession: sessionToken, loginMethod: SIGNED_IN_BY };
      const appCookie = cookieOn(app, app.protocol === "https:");
      cookies.push(appCookie(APP_SESSION_COOKIES.accessToken, String(tokens.access_token)));
      cookies.push(appCookie(APP_SESSION_COOKIES.refreshToken, await startSsrSession(ctx, login)));
      if (orgId !== undefined) cookies.push(appCookie(APP_SESSION_COOKIES.activeOrgId, orgId));
    }
    return ok({ user_id: person.id, cookies });
  });
}
