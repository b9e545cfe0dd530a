import {
  AccessTokenError,
  ApiKeyError,
  createBackendClient,
  createServerAuth,
  type ServerAuthOptions,
  validateRequestApiKey,
} from "orgauth/server";

/** GET /api/projects: a signed-in user (their access token) or an org's API key, as `Authorization: Bearer …`. */
export function projectsRoute(options: ServerAuthOptions): (request: Request) => Promise<Response> {
  const auth = createServerAuth(options);
  const backend = createBackendClient({ authUrl: options.authUrl, apiKey: options.apiKey });
  return async (request) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
    try {
      if (bearer.split(".").length === 3) {
        const user = await auth.verifyAccessToken(bearer); // an access token: verified locally
        return Response.json({ user: user.email, org: user.getActiveOrg()?.orgName ?? null });
      }
      const owner = await validateRequestApiKey(backend, request); // an API key: the auth host validates it
      if (owner.kind !== "org") return Response.json({ error: "an org key is required" }, { status: 403 });
      return Response.json({ user: null, org: owner.org.orgName });
    } catch (error) {
      if (error instanceof AccessTokenError || error instanceof ApiKeyError) {
        return Response.json({ error: error.reason }, { status: 401 });
      }
      throw error;
    }
  };
}
