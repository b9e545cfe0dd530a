import type { EmulatorContext } from "../store/context.js";
import { orgNotFound } from "../http/errors.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { backendRegistrar } from "./backend-edge.js";

/**
 * The backend's SAML permission calls: allow or disallow an org to set up a SAML connection (stored with the org's
 * other backend settings; `GET /org/{orgId}` answers it as `can_setup_saml`). An unknown org is a 404.
 */
export function backendSamlRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  for (const [action, allowed] of [
    ["allow_saml", true],
    ["disallow_saml", false],
  ] as const)
    add("POST", `/api/backend/v1/org/:orgId/${action}`, async (request) => {
      const { rows } = await ctx.db.query(
        "update emu_orgs set extras = extras || jsonb_build_object('can_setup_saml', $2::boolean) where id = $1 returning id",
        [request.params.orgId!, allowed],
      );
      if (rows.length === 0) throw orgNotFound();
      return ok({});
    });
}
