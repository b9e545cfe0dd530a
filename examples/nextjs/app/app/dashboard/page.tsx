import { orgauth } from "../../../lib/orgauth";
import type { ReactNode } from "react";
import { Dashboard } from "./dashboard";

/**
 * The dashboard: only a signed-in visitor sees it (the middleware sends anyone else to the login route and back).
 * Its HTML already holds the user's e-mail and active org: the server read them from the access token.
 */
export default async function DashboardPage(): Promise<ReactNode> {
  const user = await orgauth.protect();
  const activeOrg = (user.activeOrgId ? user.getOrg(user.activeOrgId) : undefined) ?? user.getOrgs()[0];
  return (
    <main>
      <h1>Dashboard</h1>
      <p data-testid="server-user">
        {user.email} in {activeOrg?.orgName ?? "no organisation"}
      </p>
      <Dashboard />
    </main>
  );
}
