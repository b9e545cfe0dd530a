/** GET /api/me: a route handler that reads the session cookie (no request to the auth host). */
import { orgauth } from "../../../lib/orgauth";

/** What GET /api/me answers. */
export interface Me {
  email: string;
  orgs: string[];
}

export async function GET(): Promise<Response> {
  const user = await orgauth.getUser();
  if (!user) return Response.json({ error: "not_logged_in" }, { status: 401 });
  const me: Me = { email: user.email, orgs: user.getOrgs().map((org) => org.orgName) };
  return Response.json(me);
}
