/**
 * GET /api/whoami-by-key: the app's own API called with an API key a user created in the browser (`useCreateApiKey`,
 * personal or for an org) as `Authorization: Bearer <key>`. The auth host validates the key; the route answers who
 * is behind it, or 401 with the typed reason (`unknown`, `expired`, `deleted`, `missing`, `malformed`).
 */
import { ApiKeyError, createBackendClient, validateRequestApiKey } from "orgauth/server";

export async function GET(request: Request): Promise<Response> {
  // read at request time, from the server's environment (the emulator's URL and key in development)
  const env = process.env;
  const backend = createBackendClient({
    authUrl: env.NEXT_PUBLIC_AUTH_URL ?? "",
    apiKey: env.PROPELAUTH_API_KEY ?? "",
  });
  try {
    const owner = await validateRequestApiKey(backend, request);
    if (owner.kind === "org") return Response.json({ kind: "org", orgId: owner.org.orgId, orgName: owner.org.orgName });
    if (owner.kind === "personal") return Response.json({ kind: "personal", email: owner.user.email });
    return Response.json({ kind: "generic" });
  } catch (error) {
    if (!(error instanceof ApiKeyError)) throw error;
    return Response.json({ error: error.reason }, { status: error.reason === "rate_limited" ? 429 : 401 });
  }
}
