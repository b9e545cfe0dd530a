/**
 * The login round trip: `login`/`signup` send the browser to the hosted login with a signed `state` (and a cookie
 * for this attempt only, so two tabs that start a login at once both finish); `callback` checks the state, trades
 * the code for tokens, verifies the access token, stores the session, and proves the cookies came back (one hop
 * with a signed marker in the URL) before it sends the browser to the return path. Whatever fails is a named
 * failure page, never another redirect: no configuration can loop. The page shows only texts written here; what
 * came from elsewhere (the auth host's messages, the URL's `error_description`) and the API key's first characters
 * go to the server log.
 */
import { BackendCallError } from "./backend.js";
import { browserOrigin } from "./browser-origin.js";
import {
  clearCookie,
  readCookies,
  readRequestSession,
  SESSION_COOKIES,
  setCookie,
  storeSessionLines,
} from "./cookie-store.js";
import { AccessTokenError } from "./errors.js";
import { type LoginFailureCode, loginFailureResponse } from "./failure-page.js";
import { fittingTokens } from "./org-token-fit.js";
import { refreshOnce } from "./refresh.js";
import { checkReturnPath } from "./return-path.js";
import type { ServerUser } from "./server-user.js";
import type { ServerCore } from "./server-core.js";
import { createMarkerSigner, randomHex } from "./signed-marker.js";

/** How long a login may take from the app's login route to its callback, in seconds. */
const LOGIN_ATTEMPT_SECONDS = 600;
/** How long the cookie check's marker is good for, in seconds. */
const CHECK_SECONDS = 60;
/** The callback's query parameter of the cookie check hop. */
const COOKIE_CHECK_PARAM = "orgauth_check";

/** The OAuth 2 authorization error codes (RFC 6749, 4.1.2.1): the only `error` values the page names. */
const OAUTH_ERRORS = new Set([
  "access_denied",
  "invalid_request",
  "unauthorized_client",
  "unsupported_response_type",
  "invalid_scope",
  "server_error",
  "temporarily_unavailable",
]);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const redirect = (location: string, setCookies: readonly string[] = []): Response => {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const line of setCookies) headers.append("Set-Cookie", line);
  return new Response(null, { status: 302, headers });
};

/** The login flow's routes over the shared core. */
export function createLoginFlow(core: ServerCore) {
  const { config } = core;
  const states = createMarkerSigner(config.apiKey, "login-state");
  const checks = createMarkerSigner(config.apiKey, "cookie-check");
  const stateCookie = (nonce: string) => `${SESSION_COOKIES.state}.${nonce}`;
  const stateCookieAttributes = { secure: config.secureCookies, path: config.callbackPath };
  const loginHref = (returnHref: string | undefined) => {
    const url = new URL(`${config.routesPath}/login`, config.appOrigin);
    if (returnHref !== undefined) url.searchParams.set("return_to_path", returnHref);
    return url.href;
  };
  /** The failure page; `detail` (foreign or secret text) goes to the server log only. */
  const fail = (code: LoginFailureCode, explanation: string, returnHref?: string, detail?: string) => {
    if (detail !== undefined) console.warn(`orgauth: sign-in failed (${code}): ${detail}`);
    return loginFailureResponse(code, explanation, loginHref(returnHref));
  };

  /** GET login / signup: a state for this attempt, its cookie, and the redirect to the hosted login. */
  async function start(request: Request, signup: boolean): Promise<Response> {
    const url = new URL(request.url);
    const returnHref = checkReturnPath(config, url.searchParams.get("return_to_path"));
    if (returnHref === null) {
      return loginFailureResponse(
        "unsafe_return_path",
        "The return path leaves the app's origin (and is not among the allowed redirect origins).",
        loginHref(undefined),
      );
    }
    const nonce = randomHex(16);
    // `a`: the return path was asked for (else the `afterLoginPath` hook picks where the login lands)
    const asked = url.searchParams.has("return_to_path") ? 1 : 0;
    const state = await states.sign({
      n: nonce,
      r: returnHref,
      a: asked,
      o: browserOrigin(config, request),
      t: nowSeconds(),
    });
    const params = Object.fromEntries([...url.searchParams].filter(([name]) => name !== "return_to_path"));
    const cookie = setCookie(stateCookie(nonce), "1", {
      ...stateCookieAttributes,
      maxAgeSeconds: LOGIN_ATTEMPT_SECONDS,
    });
    return redirect(core.backend.authorizeUrl({ state, signup, params }), [cookie]);
  }

  /** Why the browser did not send this attempt's cookie back. */
  function missingCookieFailure(request: Request, loginOrigin: unknown, returnHref: string): Response {
    const here = browserOrigin(config, request);
    if (typeof loginOrigin === "string" && loginOrigin !== here) {
      return fail(
        "host_name_mismatch",
        `The login started at ${loginOrigin} but came back to ${here}; browsers keep cookies apart per host name. ` +
          `Open the app at ${new URL(config.redirectUri).origin} (the redirect URI's origin).`,
        returnHref,
      );
    }
    const anyState = [...readCookies(request).keys()].some((name) => name.startsWith(`${SESSION_COOKIES.state}.`));
    return anyState
      ? fail("state_mismatch", "The state cookie of this login attempt is missing.", returnHref)
      : fail(
          "cookie_not_set",
          "The browser sent back none of the cookies the login set: cookies are blocked, or a Secure cookie was " +
            "set over plain http.",
          returnHref,
        );
  }

  /** The failure of the code exchange. */
  function exchangeFailure(error: BackendCallError, returnHref: string): Response {
    if (error.kind === "invalid_api_key") {
      const hint = `the key starts ${config.apiKey.slice(0, 4)}…; ${error.message}`;
      return fail("invalid_api_key", "The auth host refused the integration API key.", returnHref, hint);
    }
    if (error.kind === "unreachable") {
      return fail(
        "auth_host_unreachable",
        "The auth host did not answer the code exchange.",
        returnHref,
        error.message,
      );
    }
    if (error.kind === "bad_request" && /redirect/i.test(error.message)) {
      const explanation = `The auth host refused the code for the redirect URI ${config.redirectUri}.`;
      return fail("redirect_uri_mismatch", explanation, returnHref, error.message);
    }
    if (error.kind === "bad_request") {
      const why = `already used, expired, or issued for another redirect URI than ${config.redirectUri}`;
      return fail("code_rejected", `The auth host refused the code (${why}).`, returnHref, error.message);
    }
    const explanation = "The auth host answered the code exchange unexpectedly.";
    return fail("token_exchange_failed", explanation, returnHref, error.message);
  }

  /** The verified user of fresh tokens, or the failure page that names why they do not verify. */
  async function verifyFresh(accessToken: string, returnHref: string): Promise<ServerUser | Response> {
    try {
      return await core.verify(accessToken);
    } catch (error) {
      if (!(error instanceof AccessTokenError)) throw error;
      if (error.reason === "wrong_issuer") {
        return fail(
          "issuer_mismatch",
          `The token's issuer is not ${config.authOrigin}: set the auth URL to the auth host's own origin.`,
          returnHref,
          error.message,
        );
      }
      const explanation = `The access token did not verify (${error.reason}) with the configured key.`;
      return fail("token_not_verified", explanation, returnHref, error.message);
    }
  }

  /** The org a new session starts in: the browser's choice while the user is in it, else the app's default. */
  function startingOrg(browserChoice: string | undefined, user: ServerUser): string | undefined {
    if (browserChoice !== undefined && user.getOrg(browserChoice)) return browserChoice;
    const fallback = config.defaultActiveOrgId?.(user);
    return fallback !== undefined && user.getOrg(fallback) ? fallback : undefined;
  }

  /** Where a login started without a return path lands: the `afterLoginPath` hook's target when it is safe. */
  function landingHref(user: ServerUser, fallback: string): string {
    const target = config.afterLoginPath?.(user);
    if (target === undefined) return fallback;
    const checked = checkReturnPath(config, target);
    if (checked === null) console.warn(`orgauth: afterLoginPath gave ${JSON.stringify(target)}, which leaves the app.`);
    return checked ?? fallback;
  }

  /** GET callback: state, code exchange, verification, cookies; then the cookie check hop. */
  async function callback(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.searchParams.has(COOKIE_CHECK_PARAM)) return cookieCheck(request, url.searchParams.get(COOKIE_CHECK_PARAM));
    const authorizeError = url.searchParams.get("error");
    if (authorizeError !== null) {
      const description = url.searchParams.get("error_description") ?? "";
      const named = OAUTH_ERRORS.has(authorizeError) ? ` (${authorizeError})` : "";
      const detail = JSON.stringify({ error: authorizeError, error_description: description });
      return fail("authorize_error", `The auth host sent the browser back with an error${named}.`, undefined, detail);
    }
    const stateParam = url.searchParams.get("state");
    if (!stateParam) return fail("state_missing", "The callback came without a state: start at the login route.");
    const state = await states.read(stateParam);
    if (state === null || typeof state.n !== "string" || typeof state.r !== "string" || typeof state.t !== "number") {
      return fail("state_mismatch", "The state is not one this app made (or it was changed on the way).");
    }
    const returnHref = checkReturnPath(config, state.r) ?? new URL("/", config.appOrigin).href;
    if (nowSeconds() - state.t > LOGIN_ATTEMPT_SECONDS) {
      return fail("state_expired", "The login took longer than ten minutes.", returnHref);
    }
    if (!readCookies(request).has(stateCookie(state.n))) return missingCookieFailure(request, state.o, returnHref);
    const code = url.searchParams.get("code");
    if (!code) return fail("code_missing", "The callback came without a code.", returnHref);

    let tokens: Awaited<ReturnType<typeof core.backend.exchangeCode>>;
    try {
      tokens = await core.backend.exchangeCode(code);
    } catch (error) {
      if (error instanceof BackendCallError) return exchangeFailure(error, returnHref);
      throw error;
    }
    let user = await verifyFresh(tokens.accessToken, returnHref);
    if (user instanceof Response) return user;
    const session = readRequestSession(request);
    // the active org the browser had chosen while the user is still in it, else the app's default: the session
    // starts with its org token
    const chosenOrg = startingOrg(session.activeOrgId, user);
    if (chosenOrg !== undefined) {
      const outcome = await refreshOnce(core.backend, config.authOrigin, tokens.refreshToken, chosenOrg);
      if (outcome.kind === "refreshed") {
        const orgUser = await verifyFresh(outcome.tokens.accessToken, returnHref);
        if (orgUser instanceof Response) return orgUser;
        [tokens, user] = [outcome.tokens, orgUser];
      }
    }
    // a user token too large for the cookies: the org token of the user's first org
    const fitted = await fittingTokens(core, { tokens, orgId: user.activeOrgId });
    if (fitted.tokens !== tokens) {
      const orgUser = await verifyFresh(fitted.tokens.accessToken, returnHref);
      if (orgUser instanceof Response) return orgUser;
      [tokens, user] = [fitted.tokens, orgUser];
    }
    const activeOrg = user.activeOrgId ?? (session.activeOrgId === undefined ? undefined : null);
    const setCookies = storeSessionLines(config, session, tokens, activeOrg);
    setCookies.push(clearCookie(stateCookie(state.n), stateCookieAttributes));
    const landing = state.a === 0 ? landingHref(user, returnHref) : returnHref;
    const marker = await checks.sign({ r: landing, t: nowSeconds() });
    const hop = new URL(config.redirectUri);
    hop.search = "";
    hop.searchParams.set(COOKIE_CHECK_PARAM, marker);
    return redirect(hop.href, setCookies);
  }

  /** The hop after the callback: the session cookie came back, so go to the return path; else name the failure. */
  async function cookieCheck(request: Request, markerParam: string | null): Promise<Response> {
    const marker = await checks.read(markerParam);
    if (marker === null || typeof marker.r !== "string" || typeof marker.t !== "number") {
      return fail("state_mismatch", "The cookie check's marker is not one this app made.");
    }
    const returnHref = checkReturnPath(config, marker.r) ?? new URL("/", config.appOrigin).href;
    if (nowSeconds() - marker.t > CHECK_SECONDS) {
      return fail("state_expired", "The cookie check came too late.", returnHref);
    }
    if (readRequestSession(request).refreshToken === undefined) {
      return fail(
        "cookie_not_set",
        "The session cookies the callback set did not come back: cookies are blocked, too large, or Secure over " +
          "plain http.",
        returnHref,
      );
    }
    return redirect(returnHref);
  }

  return { start, callback };
}
