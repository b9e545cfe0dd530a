/**
 * examples/express's API as a team wrote it against the provider's `@propelauth/express` (2.1.34) on Express 4, the
 * vendor's: the app the migration guide moves to orgauth/express route for route. Its backend call reaches the
 * emulator through the host redirect (test/emulator/vendor-backend.ts), its tokens are verified with
 * `manualTokenVerificationMetadata`.
 */
import { initAuth } from "@propelauth/express";
import type express from "express";
import express4 from "express4";

/** The vendor's app on the project's settings. */
export function createVendorApp(settings: { authUrl: string; apiKey: string; verifierKey: string }) {
  const auth = initAuth({
    authUrl: settings.authUrl,
    apiKey: settings.apiKey,
    manualTokenVerificationMetadata: { verifierKey: settings.verifierKey, issuer: settings.authUrl },
  });
  // Express 4 at run time; typed with the Express types the vendor's declarations import
  const app = (express4 as unknown as typeof express)();

  app.get("/api/whoami", auth.requireUser, (req, res) => {
    res.json({ userId: req.user?.userId });
  });
  app.get("/api/hello", auth.optionalUser, (req, res) => {
    res.json({ userId: req.user?.userId ?? null });
  });
  app.get("/api/profile", auth.requireUser, async (req, res) => {
    const user = await auth.fetchUserMetadataByUserId(req.user?.userId ?? "");
    res.json({ email: user?.email });
  });
  app.get("/api/orgs/:orgId", auth.requireOrgMember(), (req, res) => {
    res.json({ orgName: req.org?.orgName });
  });
  app.get(
    "/api/orgs/:orgId/settings",
    auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" }),
    (req, res) => {
      res.json({ role: req.org?.assignedRole });
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
  const projectsOrg = (req: express.Request) => String(req.query.org_id ?? "");
  app.get("/api/projects", auth.requireOrgMember({ orgIdExtractor: projectsOrg }), (req, res) => {
    res.json({ org: req.org?.orgName, caller: "user" });
  });
  return app;
}
