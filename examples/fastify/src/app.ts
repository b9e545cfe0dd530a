/**
 * A B2B API on Fastify with orgauth's guards as `preHandler` hooks: a signed-in user's access token everywhere, an
 * org's or a user's API key where a route allows it. The same routes as examples/express.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { createFastifyAuth, type FastifyAuthOptions } from "orgauth/fastify";

/** The API's routes, guarded. */
export async function createApp(options: FastifyAuthOptions): Promise<FastifyInstance> {
  const auth = createFastifyAuth(options);
  const app = Fastify();
  await app.register(auth.plugin);

  app.get("/api/whoami", { preHandler: auth.requireUser }, async (request) => ({
    userId: request.auth?.caller?.userId,
  }));
  app.get("/api/hello", { preHandler: auth.optionalUser }, async (request) => ({
    userId: request.auth?.caller?.userId ?? null,
  }));
  app.get("/api/profile", { preHandler: auth.requireUser }, async (request) => {
    const userId = request.auth?.caller?.userId ?? "";
    const user = await auth.callers.backend.fetchUserById({ path: { userId } });
    return { email: user?.email };
  });
  app.get("/api/orgs/:orgId", { preHandler: auth.requireOrgMember() }, async (request) => ({
    orgName: request.auth?.org?.orgName,
  }));
  const admin = auth.requireOrgMemberWithMinimumRole({ minimumRequiredRole: "Admin" });
  app.get("/api/orgs/:orgId/settings", { preHandler: admin }, async (request) => ({
    role: request.auth?.org?.userAssignedRole,
  }));
  const owner = auth.requireOrgMemberWithExactRole({ role: "Owner" });
  app.get("/api/orgs/:orgId/danger", { preHandler: owner }, async () => ({ ok: true }));
  const billing = auth.requireOrgMemberWithPermission({ permission: "can_view_billing" });
  app.get("/api/orgs/:orgId/billing", { preHandler: billing }, async () => ({ ok: true }));
  const team = auth.requireOrgMemberWithAllPermissions({ permissions: ["can_invite", "can_remove_users"] });
  app.get("/api/orgs/:orgId/team", { preHandler: team }, async () => ({ ok: true }));
  // an org's integration may call this one with its API key
  const projectsOrg = (request: { query: unknown }) => (request.query as { org_id?: string }).org_id;
  const projects = auth.requireOrgMember({ orgIdExtractor: projectsOrg, apiKeys: true });
  app.get("/api/projects", { preHandler: projects }, async (request) => ({
    org: request.auth?.org?.orgName,
    caller: request.auth?.caller?.kind,
  }));
  return app;
}
