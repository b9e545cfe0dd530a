import type { ReactNode } from "react";
import { orgauth } from "../../../lib/orgauth";

/**
 * A page only a user with `can_invite` in the active org may see: anyone else gets Next's 403 page (`forbidden()`,
 * with `experimental.authInterrupts` in next.config.mjs; without it, the 404 page).
 */
export default async function TeamPage(): Promise<ReactNode> {
  const user = await orgauth.protect({ permission: "can_invite" });
  const org = user.getActiveOrg() ?? user.getOrgs()[0];
  return (
    <main>
      <h1 data-testid="team">Team of {org?.orgName}</h1>
    </main>
  );
}
