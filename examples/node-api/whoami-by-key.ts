/**
 * GET /api/whoami-by-key: a route of the app's own API that a customer calls with an API key they created in the
 * browser (`useCreateApiKey`, personal or for an org) as `Authorization: Bearer <key>`. The auth host validates the
 * key; the route answers who is behind it, or 401 with the typed reason (unknown, expired, deleted …).
 */
import { ApiKeyError, type BackendClient, validateRequestApiKey } from "orgauth/server";

/** What the route answers for a valid key. */
export type WhoamiByKey =
  | { kind: "personal"; userId: string; email: string }
  | { kind: "org"; orgId: string; orgName: string }
  | { kind: "generic" };

/** The route as a standard `Request` → `Response` handler (Node, edge, or any framework's route). */
export function whoamiByKey(backend: BackendClient): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const owner = await validateRequestApiKey(backend, request);
      const answer: WhoamiByKey =
        owner.kind === "personal"
          ? { kind: "personal", userId: owner.user.userId, email: owner.user.email }
          : owner.kind === "org"
            ? { kind: "org", orgId: owner.org.orgId, orgName: owner.org.orgName }
            : { kind: "generic" };
      return Response.json(answer);
    } catch (error) {
      if (!(error instanceof ApiKeyError)) throw error;
      const status = error.reason === "rate_limited" ? 429 : 401;
      return Response.json({ error: error.reason }, { status });
    }
  };
}
