// The same browser half written with the vendor's Next.js library (@propelauth/nextjs/client): provider, `useUser`,
// an org switch, a role gate, login and logout, as orgauth-nextjs-client-app.tsx.
import type { ReactNode } from "react";
import { AuthProvider, useLogoutFunction, useRedirectFunctions, useUser } from "@propelauth/nextjs/client";

function Home(): ReactNode {
  const auth = useUser();
  const logout = useLogoutFunction();
  const { redirectToLoginPage } = useRedirectFunctions();
  if (auth.loading) return <p>Loading…</p>;
  if (!auth.isLoggedIn) {
    return (
      <button type="button" onClick={() => redirectToLoginPage()}>
        Sign in
      </button>
    );
  }
  const activeOrg = auth.user.getActiveOrg();
  return (
    <main>
      <p>Hello {auth.user.email}</p>
      <select value={auth.user.activeOrgId ?? ""} onChange={(event) => void auth.setActiveOrg(event.target.value)}>
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

/** The app's root. */
export function App(): ReactNode {
  return (
    <AuthProvider authUrl="https://auth.example.com">
      <Home />
    </AuthProvider>
  );
}
