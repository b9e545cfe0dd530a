/**
 * The admin UI at `/__emulator/ui` (users, orgs, outbox, settings, the live request log, reset and export) and the
 * admin API routes it needs beyond the base ones: users, orgs and `GET /__emulator/requests?after=ID`.
 */
import type { EmulatorContext } from "../store/context.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { adminOrgRoutes } from "./admin-orgs.js";
import { adminUserRoutes } from "./admin-users.js";
import { adminPage } from "./page.js";
import type { RequestLog } from "./request-log.js";

export { RequestLog, type RequestLogWriter } from "./request-log.js";

/** Registers the admin UI page and its routes. */
export function adminUiRoutes(router: Router, ctx: EmulatorContext, log: RequestLog): void {
  router.add("GET", "/__emulator/ui", async () => ({ status: 200, html: adminPage() }));
  router.add("GET", "/__emulator/requests", async (request) => {
    const after = Number(request.url.searchParams.get("after") ?? 0);
    return ok({ requests: log.after(Number.isFinite(after) ? after : 0) });
  });
  adminUserRoutes(router, ctx);
  adminOrgRoutes(router, ctx);
}
