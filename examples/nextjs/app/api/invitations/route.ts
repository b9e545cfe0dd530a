/** POST /api/invitations: a route handler only a user with `can_invite` in the active org may call (else 401 / 403 JSON). */
import { orgauth } from "../../../lib/orgauth";

export const POST = orgauth.protectRoute({ permission: "can_invite" }, async (_request, user) => {
  const org = user.getActiveOrg() ?? user.getOrgs()[0];
  return Response.json({ invitedBy: user.email, orgName: org?.orgName });
});
