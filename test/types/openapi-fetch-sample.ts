import createClient, { type Middleware } from "openapi-fetch";
import type { PathsWithoutCsrf } from "orgauth";

/** Sends the fixed CSRF header on every front-end call (`/api/fe/…`) and on nothing else. */
export const csrfHeader = {
  onRequest({ request, schemaPath }) {
    if (schemaPath.startsWith("/api/fe/")) request.headers.set("X-CSRF-Token", "-.-");
  },
} satisfies Middleware;

/** The auth host's front-end API through openapi-fetch, typed by orgauth's contract. */
export function createAuthApi(authUrl: string) {
  const api = createClient<PathsWithoutCsrf>({ baseUrl: authUrl, credentials: "include" });
  api.use(csrfHeader);
  return api;
}

/** The first page of an organisation's members; a documented error answer comes back typed, not thrown. */
export async function firstMembers(api: ReturnType<typeof createAuthApi>, orgId: string) {
  const { data, error, response } = await api.GET("/api/fe/v3/org_membership/{orgId}/members", {
    params: { path: { orgId }, query: { page_number: 0, page_size: 20 } },
  });
  if (error) throw new Error(`${response.status} ${error.error_code}: ${error.user_facing_error}`);
  return data.users;
}
