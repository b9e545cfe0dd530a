/**
 * The admin UI at `/__emulator/ui` (users, orgs, outbox, settings, the live request log, reset and export) and the
 * admin API routes it needs beyond the base ones: users, orgs, roles, sessions, API keys and
 * `GET /__emulator/requests?after=ID`.
 */
import type { EmulatorContext } from "../store/context.js";
import { ADMIN_COOKIE, adminCookieValue, sameSecret } from "../http/guard.js";
import type { Reply, Request, Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { adminAccessRoutes } from "./admin-access.js";
import { adminOrgSetupRoutes } from "./admin-org-setup.js";
import { adminOrgRoutes } from "./admin-orgs.js";
import { adminUserRoutes } from "./admin-users.js";
import { adminPage, adminTokenPage } from "./page.js";
import { adminScript } from "./script.js";
import type { RequestLog } from "./request-log.js";

export { type AnsweredRequest, RequestLog, type RequestLogWriter } from "./request-log.js";

/** The admin cookie the tokenised address hands out: HttpOnly, sent only to this site's `/__emulator` paths. */
const adminCookie = (secret: string): string =>
  `${ADMIN_COOKIE}=${adminCookieValue(secret)}; Path=/__emulator; HttpOnly; SameSite=Strict`;

/**
 * The admin UI's page, the way local dev servers hand out their UI: the address printed at start carries the secret
 * (`?token=`); opening it trades the token for an HttpOnly cookie and drops it from the address. Without the
 * cookie the page says where to find that address.
 */
async function adminUiPage(request: Request, secret: string): Promise<Reply> {
  const token = request.url.searchParams.get("token");
  if (token !== null) {
    if (!sameSecret(token, secret))
      return { status: 403, html: adminTokenPage("This address's token is not this emulator's.") };
    return { status: 303, redirect: "/__emulator/ui", cookies: [adminCookie(secret)] };
  }
  if (!sameSecret(request.cookies[ADMIN_COOKIE], adminCookieValue(secret)))
    return { status: 401, html: adminTokenPage("This browser has not opened the admin UI's address yet.") };
  return { status: 200, ...adminPage(await adminScript()) };
}

/** Registers the admin UI page (behind the admin secret, see adminUiPage) and its routes. */
export function adminUiRoutes(router: Router, ctx: EmulatorContext, log: RequestLog, secret: string): void {
  router.add("GET", "/__emulator/ui", (request) => adminUiPage(request, secret));
  router.add("GET", "/__emulator/requests", async (request) => {
    const after = Number(request.url.searchParams.get("after") ?? 0);
    return ok({ requests: log.after(Number.isFinite(after) ? after : 0) });
  });
  adminUserRoutes(router, ctx);
  adminOrgRoutes(router, ctx);
  adminOrgSetupRoutes(router, ctx);
  adminAccessRoutes(router, ctx);
}
