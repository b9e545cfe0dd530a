// The browser half of a Next.js app on the server session, for the size comparison: the provider started from the
// server's user, `useUser`, an org switch, a role gate, login and logout. The same job as vendor-nextjs-client-app.tsx.
import type { ReactNode } from "react";
import { AuthProvider, type ClientUser, useLogoutFunction, useRedirectFunctions, useUser } from "orgauth/nextjs/client";

function Home(): ReactNode {
  const auth = useUser();
  const logout = useLogoutFunction();
  const { toLogin } = useRedirectFunctions();
  if (!auth.isLoggedIn) {
    return (
      <button type="button" onClick={() => toLogin()}>
        Sign in
      </button>
    );
  }
  const activeOrg = auth.getActiveOrg();
  return (
    <main>
      <p>Hello {auth.user.email}</p>
      <select value={auth.activeOrgId ?? ""} onChange={(event) => void auth.setActiveOrg(event.target.value)}>
        {auth.user.getOrgs().map((org) => (
          <option key={org.orgId} value={org.orgId}>
            {org.orgName}
          </option>
        ))}
      </select>
      {activeOrg?.isAtLeastRole("Admin") ? <p>Admin tools</p> : <p>Admins only</p>}
      <button type="button" onClick={() => void logout()}>
        Sign out
      </button>
    </main>
  );
}

/** The app's root: the root layout (a server component) passes the user it read. */
export function App({ user }: { user: ClientUser | null }): ReactNode {
  return (
    <AuthProvider user={user} authUrl="https://auth.example.com">
      <Home />
    </AuthProvider>
  );
}
