/**
 * GET /api/whoami-by-key: the app's own API called with an API key a user created in the browser (`useCreateApiKey`,
 * personal or for an org) as `Authorization: Bearer <key>`. The auth host validates the key; the route answers who
 * is behind it, or 401 with the typed reason (`unknown`, `expired`, `deleted`, `missing`, `malformed`). The key is
 * checked through `orgauth.backend`, the backend client of the app's `createOrgauth` configuration.
 */
import { ApiKeyError, validateRequestApiKey } from "orgauth/server";
import { orgauth } from "../../../lib/orgauth";

export async function GET(request: Request): Promise<Response> {
  try {
    // the backend client of the app's one configuration (its auth URL and API key)
    const owner = await validateRequestApiKey(orgauth.backend, request);
    if (owner.kind === "org") return Response.json({ kind: "org", orgId: owner.org.orgId, orgName: owner.org.orgName });
    if (owner.kind === "personal") return Response.json({ kind: "personal", email: owner.user.email });
    return Response.json({ kind: "generic" });
  } catch (error) {
    if (!(error instanceof ApiKeyError)) throw error;
    return Response.json({ error: error.reason }, { status: error.reason === "rate_limited" ? 429 : 401 });
  }
}
