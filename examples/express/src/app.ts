/**
 * A B2B API on Express with orgauth's guards: a signed-in user's access token everywhere, an org's or a user's API
 * key where a route allows it. The same routes as docs/express.md's migration from `@propelauth/express`.
 */
import express from "express";
import { createExpressAuth, type ExpressAuthOptions } from "orgauth/express";

/** The API's routes, guarded. */
export function createApp(options: ExpressAuthOptions): express.Express {
  const auth = createExpressAuth(options);
  const app = express();

  app.get("/api/whoami", auth.requireUser, (req, res) => {
    res.json({ userId: auth.getAuth(req).caller?.userId });
  });
  app.get("/api/hello", auth.optionalUser, (req, res) => {
    res.json({ userId: auth.getAuth(req).caller?.userId ?? null });
  });
  app.get("/api/profile", auth.requireUser, async (req, res) => {
    const userId = auth.getAuth(req).caller?.userId ?? "";
    const user = await auth.callers.backend.fetchUserById({ path: { userId } });
    res.json({ email: user?.email });
  });
  app.get("/api/orgs/:orgId", auth.requireOrgMember(), (req, res) => {
    res.json({ orgName: auth.getAuth(req).org?.orgName });
  });
  app.get(
    "/api/orgs/:orgId/settings",
    auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }),
    (req, res) => {
      res.json({ role: auth.getAuth(req).org?.userAssignedRole });
    },
  );
  app.get("/api/orgs/:orgId/danger", auth.requireOrgMemberWithExactRole({ role: "Owner" }), (_req, res) => {
    res.json({ ok: true });
  });
  app.get(
    "/api/orgs/:orgId/billing",
    auth.requireOrgMemberWithPermission({ permission: "can_view_billing" }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  const teamPermissions = ["can_invite", "can_remove_users"];
  app.get(
    "/api/orgs/:orgId/team",
    auth.requireOrgMemberWithAllPermissions({ permissions: teamPermissions }),
    (_req, res) => {
      res.json({ ok: true });
    },
  );
  // an org's integration may call this one with its API key
  const projectsOrg = (req: { query: Readonly<Record<string, unknown>> }) => String(req.query.org_id ?? "");
  app.get("/api/projects", auth.requireOrgMember({ orgIdExtractor: projectsOrg, apiKeys: true }), (req, res) => {
    const { caller, org } = auth.getAuth(req);
    res.json({ org: org?.orgName, caller: caller?.kind });
  });
  return app;
}
