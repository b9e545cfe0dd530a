/** GET /api/me: this app's server calls the auth API as the visitor, by forwarding the visitor's cookie. */
import { isApiError, listOrgMembers, refreshToken } from "orgauth";
import { transportFor } from "../../../lib/server-auth";

/** What GET /api/me answers. */
export interface Me {
  email: string;
  orgs: string[];
  /** Members of the visitor's first org (a front-end API call made on the server). */
  firstOrgMembers: number | null;
}

export async function GET(request: Request): Promise<Response> {
  const transport = transportFor(request);
  try {
    const session = await refreshToken(transport);
    const orgs = Object.values(session.org_id_to_org_member_info ?? {});
    const first = orgs[0];
    const members = first ? await listOrgMembers(transport, { path: { orgId: first.org_id } }) : null;
    const me: Me = {
      email: session.user.email,
      orgs: orgs.map((org) => org.org_name),
      firstOrgMembers: members?.total_count ?? null,
    };
    return Response.json(me);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return Response.json({ error: error.code }, { status: 401 });
    throw error;
  }
}
