import type { ReactNode } from "react";
import { orgauth } from "../../../lib/orgauth";
import { InviteButton } from "./invite-button";

/** A server component with an org permission check: only members who may invite see the invite tools. */
export default async function AdminPage(): Promise<ReactNode> {
  const user = await orgauth.protect();
  const org = (user.activeOrgId ? user.getOrg(user.activeOrgId) : undefined) ?? user.getOrgs()[0];
  if (!org) return <p>You are in no organisation yet.</p>;
  return (
    <main>
      <h1>Admin of {org.orgName}</h1>
      {org.hasPermission("can_invite") ? (
        <p data-testid="permission">You may invite people to {org.orgName}.</p>
      ) : (
        <p data-testid="permission">You may not invite people to {org.orgName}.</p>
      )}
      <InviteButton />
    </main>
  );
}
