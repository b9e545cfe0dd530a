/**
 * A B2B API on Hono (Node, Bun, Deno or a Cloudflare worker: `export default app`) with orgauth's guards as
 * middleware: a signed-in user's access token everywhere, an org's or a user's API key where a route allows it. The
 * same routes as examples/express.
 */
import { Hono } from "hono";
import { createHonoGuards, type FetchAuthOptions, type HonoContext } from "orgauth/fetch";

/** The API's routes, guarded. */
export function createApp(options: FetchAuthOptions<HonoContext>): Hono {
  const auth = createHonoGuards(options);
  const app = new Hono();

  app.get("/api/whoami", auth.requireUser, (c) => c.json({ userId: auth.getAuth(c).caller?.userId }));
  app.get("/api/hello", auth.optionalUser, (c) => c.json({ userId: auth.getAuth(c).caller?.userId ?? null }));
  app.get("/api/profile", auth.requireUser, async (c) => {
    const userId = auth.getAuth(c).caller?.userId ?? "";
    const user = await auth.callers.backend.fetchUserById({ path: { userId } });
    return c.json({ email: user?.email });
  });
  app.get("/api/orgs/:orgId", auth.requireOrgMember(), (c) => c.json({ orgName: auth.getAuth(c).org?.orgName }));
  const admin = auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" });
  app.get("/api/orgs/:orgId/settings", admin, (c) => c.json({ role: auth.getAuth(c).org?.userAssignedRole }));
  const owner = auth.requireOrgMemberWithExactRole({ role: "Owner" });
  app.get("/api/orgs/:orgId/danger", owner, (c) => c.json({ ok: true }));
  const billing = auth.requireOrgMemberWithPermission({ permission: "can_view_billing" });
  app.get("/api/orgs/:orgId/billing", billing, (c) => c.json({ ok: true }));
  const team = auth.requireOrgMemberWithAllPermissions({ permissions: ["can_invite", "can_remove_users"] });
  app.get("/api/orgs/:orgId/team", team, (c) => c.json({ ok: true }));
  // an org's integration may call this one with its API key
  const projectsOrg = (c: HonoContext) => new URL(c.req.raw.url).searchParams.get("org_id") ?? undefined;
  app.get("/api/projects", auth.requireOrgMember({ orgIdExtractor: projectsOrg, apiKeys: true }), (c) => {
    const { caller, org } = auth.getAuth(c);
    return c.json({ org: org?.orgName, caller: caller?.kind });
  });
  return app;
}
