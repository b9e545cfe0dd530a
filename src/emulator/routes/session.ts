import { loginStateOf, refreshResponse } from "./auth-info.js";
import type { EmulatorContext } from "../store/context.js";
import { notLoggedIn } from "../http/errors.js";
import type { Router } from "../http/http.js";
import { currentPerson, endSession, pendingMfaUser, sessionLoginMethod } from "../store/sessions.js";
import { rotateSessionCookie } from "../store/session-rotation.js";
import { ok } from "../http/reply.js";

/** GET /api/v1/refresh_token (which rotates the session cookie), POST /api/v1/logout and GET /api/fe/v3/login_state. */
export function sessionRoutes(router: Router, ctx: EmulatorContext): void {
  router.add("GET", "/api/v1/refresh_token", async (request) => {
    const person = await currentPerson(ctx, request);
    if (!person) throw notLoggedIn();
    const activeOrgId = request.url.searchParams.get("active_org_id") ?? undefined;
    const response = await refreshResponse(ctx, person, await sessionLoginMethod(ctx, request), activeOrgId);
    if (!response) throw notLoggedIn();
    return ok(response, await rotateSessionCookie(ctx, request));
  });

  router.add("POST", "/api/v1/logout", async (request) => {
    const cookies = await endSession(ctx, request);
    const settings = await ctx.settings();
    return ok({ redirect_to: settings.logoutRedirect ?? new URL("/login", ctx.baseUrl).toString() }, cookies);
  });

  router.add("GET", "/api/fe/v3/login_state", async (request) => {
    const person = await currentPerson(ctx, request);
    if (person) return ok({ login_state: await loginStateOf(ctx, person) });
    return ok({ login_state: (await pendingMfaUser(ctx, request)) ? "TwoFactorRequired" : "LoginRequired" });
  });
}
