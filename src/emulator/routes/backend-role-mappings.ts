import type { EmulatorContext } from "../store/context.js";
import { fieldError } from "../http/backend-errors.js";
import { ProviderError } from "../http/errors.js";
import type { Router } from "../http/http.js";
import { ok } from "../http/reply.js";
import { backendRegistrar } from "./backend-edge.js";

/**
 * Checks a `custom_role_mapping_name` an org is created with or subscribed to: a mapping of the settings (a typed
 * 400 naming the field otherwise), whose roles cover the roles the org's members and pending invitations hold (so no
 * member is left with a role the org no longer has). `orgId` is null for a new org.
 */
export async function assertRoleMapping(ctx: EmulatorContext, orgId: string | null, name: string): Promise<void> {
  const mapping = (await ctx.settings()).roleMappings.find((m) => m.name === name);
  if (!mapping) throw fieldError("custom_role_mapping_name", `No custom role mapping is named ${name}`);
  if (orgId === null) return;
  const known = [...mapping.roles, ...mapping.additionalRoles].map((r) => r.name);
  const { rows } = await ctx.db.query<{ role: string }>(
    `select role from emu_memberships where org_id = $1
     union select jsonb_array_elements_text(additional_roles) from emu_memberships where org_id = $1
     union select role from emu_invitations where org_id = $1
     union select jsonb_array_elements_text(additional_roles) from emu_invitations where org_id = $1`,
    [orgId],
  );
  const missing = rows.map((r) => r.role).filter((role) => !known.includes(role));
  if (missing.length > 0)
    throw fieldError(
      "custom_role_mapping_name",
      `The organization's members or invitations hold roles ${name} does not have: ${missing.sort().join(", ")}`,
    );
}

/**
 * The backend's custom role mappings: `GET /custom_role_mappings` lists the settings' named mappings with how many
 * orgs are subscribed to each (subscribing is `PUT /org/{orgId}` with `custom_role_mapping_name`, in backend-orgs).
 */
export function backendRoleMappingRoutes(router: Router, ctx: EmulatorContext): void {
  const add = backendRegistrar(router, ctx);
  add("GET", "/api/backend/v1/custom_role_mappings", async () => {
    const settings = await ctx.settings();
    if (!settings.orgs) throw new ProviderError(426, "action_disabled", "Organizations are not enabled");
    const { rows } = await ctx.db.query<{ name: string; n: number }>(
      `select extras->>'custom_role_mapping_name' as name, count(*)::int as n from emu_orgs
       where extras ? 'custom_role_mapping_name' group by 1`,
    );
    const subscribed = new Map(rows.map((r) => [r.name, r.n]));
    return ok({
      custom_role_mappings: settings.roleMappings.map((m) => ({
        custom_role_mapping_name: m.name,
        num_orgs_subscribed: subscribed.get(m.name) ?? 0,
      })),
    });
  });
}
