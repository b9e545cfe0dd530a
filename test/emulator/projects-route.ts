import { AccessTokenError, ApiKeyError, type CallerAuthOptions, createCallerAuth } from "orgauth/server";

/** GET /api/projects: a signed-in user (their access token) or an org's API key, as `Authorization: Bearer …`. */
export function projectsRoute(options: CallerAuthOptions): (request: Request) => Promise<Response> {
  const callers = createCallerAuth(options);
  return async (request) => {
    try {
      // one call for both: an access token is verified locally, an API key is validated by the auth host
      const caller = await callers.authenticateRequest(request, { apiKeys: true });
      if (caller.kind === "org") return Response.json({ user: null, org: caller.org.orgName });
      if (caller.via === "api_key") return Response.json({ error: "an org key is required" }, { status: 403 });
      return Response.json({ user: caller.user.email, org: caller.user.getActiveOrg()?.orgName ?? null });
    } catch (error) {
      if (error instanceof AccessTokenError || error instanceof ApiKeyError) {
        return Response.json({ error: error.reason }, { status: 401 });
      }
      throw error;
    }
  };
}
