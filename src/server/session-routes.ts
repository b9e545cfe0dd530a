/**
 * The session's routes besides the login: logout (POST ends the session at the auth host too; GET is the landing
 * page after a hosted logout), userinfo (what the browser half asks after hydration and near expiry),
 * set-active-org. Each renews the session through `renewSession`, the one place that refreshes; userinfo only when
 * the access token is due for renewal, so reading the session never rotates a refresh token.
 */
import { OrgauthError } from "../shared/orgauth-error.js";
import { ApiError } from "../transport/errors.js";
import { BackendCallError } from "./backend.js";
import { forgetSession } from "./refresh.js";
import { checkReturnPath } from "./return-path.js";
import type { ServerCore } from "./server-core.js";
import { type RenewedSession, renewSession } from "./session.js";
import { clearSessionLines, type RequestSession, readRequestSession } from "./cookie-store.js";
import { createUserDetailsSource } from "./user-details.js";
import { userFromUserinfo } from "./userinfo-user.js";
import { plainMemberships } from "./membership-wire.js";

/** A JSON response with `Set-Cookie` lines. */
function json(status: number, body: unknown, setCookies: readonly string[] = []): Response {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": "no-store" });
  for (const line of setCookies) headers.append("Set-Cookie", line);
  return new Response(JSON.stringify(body), { status, headers });
}

/** The JSON error body every route uses: `{ error_code, message }`. */
export function errorJson(status: number, errorCode: string, message: string, setCookies: readonly string[] = []) {
  return json(status, { error_code: errorCode, message }, setCookies);
}

/** The session's routes over the shared core. */
export function createSessionRoutes(core: ServerCore) {
  const { config } = core;
  const userDetails = createUserDetailsSource(config);

  /**
   * The userinfo answer for a renewed session: the provider's shape (userinfo, token, impersonator, org) plus the
   * user and memberships as orgauth's browser half reads them (`user`; `orgIdToOrgMembership`, the token's, so the
   * page shows the orgs the server render showed; `userinfo.org_id_to_org_info` lists every org). The user's
   * fields beyond the token come from the backend API's user fetch (user-details.ts; `fresh` after a change).
   */
  async function userinfoAnswer(session: RequestSession, renewed: RenewedSession, fresh = false): Promise<Response> {
    if (renewed.unavailable) {
      const message = `The auth host's keys could not be fetched; try again shortly. ${renewed.unavailable.message}`;
      return errorJson(503, "key_unavailable", message, renewed.setCookies);
    }
    if (!renewed.user) {
      const failed = renewed.outcome?.kind === "failed";
      if (failed) return errorJson(503, "auth_host_unreachable", "The session could not be checked.");
      return errorJson(401, "not_logged_in", "No session.", renewed.setCookies);
    }
    const { user } = renewed;
    let userinfo: unknown;
    try {
      userinfo = await userDetails(user.userId, { fresh });
    } catch (error) {
      if (!(error instanceof OrgauthError)) throw error;
      // a user the auth host no longer has: the session is over
      if (error instanceof ApiError && error.code === "not_found") {
        return errorJson(401, "not_logged_in", "No session.", clearSessionLines(config, session));
      }
      const message = `The user's details could not be fetched: ${error.message}`;
      return errorJson(503, "auth_host_unreachable", message, renewed.setCookies);
    }
    const mapped = userFromUserinfo(userinfo, user.impersonatorUserId);
    if (!mapped) return errorJson(502, "bad_userinfo", "The auth host's userinfo has no user.", renewed.setCookies);
    // the memberships the access token carries (only the active org's for an org token), as the server reads them
    const body = {
      userinfo,
      accessToken: user.accessToken,
      expiresAtSeconds: user.expiresAtSeconds,
      impersonatorUserId: user.impersonatorUserId,
      activeOrgId: user.activeOrgId,
      user: mapped.user,
      orgIdToOrgMembership: plainMemberships(user.getOrgs()),
    };
    return json(200, body, renewed.setCookies);
  }

  /**
   * GET userinfo: the session and the user's current info. It refreshes only as the middleware does (no valid access
   * token, or one near expiry; one refresh shared with parallel requests): a page view that asks rotates nothing.
   */
  async function userinfo(request: Request): Promise<Response> {
    const session = readRequestSession(request);
    return userinfoAnswer(session, await renewSession(core, session));
  }

  /**
   * POST set-active-org?active_org_id=…: an org token for that org, stored with the org cookie. An org the user is
   * not in is 400 `user_not_in_org` (the session renewed without it); a dead session 401; an auth host that failed
   * 503, never the old token as a success.
   */
  async function setActiveOrg(request: Request): Promise<Response> {
    const orgId = new URL(request.url).searchParams.get("active_org_id");
    if (!orgId) return errorJson(400, "invalid_request_fields", "active_org_id is required.");
    const session = readRequestSession(request);
    if (session.refreshToken === undefined) return errorJson(401, "not_logged_in", "No session.");
    const renewed = await renewSession(core, session, { force: true, activeOrgId: orgId });
    const { outcome, setCookies } = renewed;
    if (renewed.orgRefused)
      return errorJson(400, "user_not_in_org", `The user is not a member of ${orgId}.`, setCookies);
    if (outcome?.kind === "failed") return errorJson(503, "auth_host_unreachable", outcome.error.message, setCookies);
    if (outcome?.kind === "logged_out") return errorJson(401, "not_logged_in", "No session.", setCookies);
    return userinfoAnswer(session, renewed, true);
  }

  /** Ends the session at the auth host (a failure there still signs the browser out here) and clears the cookies. */
  async function endSession(session: RequestSession): Promise<string[]> {
    if (session.refreshToken !== undefined) {
      forgetSession(config.authOrigin, session.refreshToken);
      await core.backend.logout(session.refreshToken).catch((error: unknown) => {
        if (!(error instanceof BackendCallError)) throw error;
        console.warn(`orgauth: the auth host did not end the session (${error.message}); cookies cleared here.`);
      });
    }
    return clearSessionLines(config, session);
  }

  /** POST logout: ends the session; 200 with the cookies cleared. */
  async function logoutPost(request: Request): Promise<Response> {
    return json(200, {}, await endSession(readRequestSession(request)));
  }

  /**
   * The cookies the landing page after a hosted logout sends: cleared when the auth host no longer knows the session
   * (or there is none), else the renewed session's, so that a page of another site that sends the browser here
   * ends nothing. Only a POST from the app's own origin ends a live session.
   */
  async function landingCookies(session: RequestSession): Promise<string[]> {
    if (session.refreshToken === undefined) return clearSessionLines(config, session);
    const renewed = await renewSession(core, session, { force: true });
    return renewed.outcome?.kind === "logged_out" ? clearSessionLines(config, session) : renewed.setCookies;
  }

  /** GET logout[?return_to_path=…]: the landing page after a hosted logout, then the (checked) return path. */
  async function logoutGet(request: Request): Promise<Response> {
    const target = checkReturnPath(config, new URL(request.url).searchParams.get("return_to_path"));
    if (target === null) return errorJson(400, "unsafe_return_path", "The return path leaves the app's origin.");
    const headers = new Headers({ Location: target, "Cache-Control": "no-store" });
    for (const line of await landingCookies(readRequestSession(request))) headers.append("Set-Cookie", line);
    return new Response(null, { status: 302, headers });
  }

  return { userinfo, setActiveOrg, logoutPost, logoutGet };
}
