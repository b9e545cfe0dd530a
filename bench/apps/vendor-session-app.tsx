// The session-only app of the size comparison, written with the vendor's SDK (@propelauth/react): the same
// provider, `withAuthInfo`, `useAuthInfo`, org switch, role gate, redirects and logout as orgauth-session-app.tsx.
import type { ReactNode } from "react";
import {
  AuthProvider,
  saveOrgSelectionToLocalStorage,
  useActiveOrg,
  useAccessHelper,
  useAuthInfo,
  useLogoutFunction,
  useRedirectFunctions,
  withAuthInfo,
} from "@propelauth/react";

const Greeting = withAuthInfo(function Greeting(props): ReactNode {
  return <p>{props.isLoggedIn ? `Hello ${props.user.email}` : "Hello, visitor"}</p>;
});

function OrgSwitch(): ReactNode {
  const auth = useAuthInfo();
  const activeOrg = useActiveOrg();
  if (auth.loading || !auth.isLoggedIn) return null;
  return (
    <select value={activeOrg?.orgId ?? ""} onChange={(event) => saveOrgSelectionToLocalStorage(event.target.value)}>
      {auth.orgHelper.getOrgs().map((org) => (
        <option key={org.orgId} value={org.orgId}>
          {org.orgName}
        </option>
      ))}
    </select>
  );
}

/** The vendor has no role guard component: this is the one the app writes. */
function RequireRole(props: {
  orgId: string;
  atLeastRole: string;
  fallback: ReactNode;
  children: ReactNode;
}): ReactNode {
  const { accessHelper } = useAccessHelper();
  return accessHelper?.isAtLeastRole(props.orgId, props.atLeastRole) ? props.children : props.fallback;
}

function Home(): ReactNode {
  const auth = useAuthInfo();
  const activeOrg = useActiveOrg();
  const logout = useLogoutFunction();
  const { redirectToAccountPage, redirectToLoginPage } = useRedirectFunctions();
  if (auth.loading) return <p>Loading…</p>;
  if (!auth.isLoggedIn) {
    redirectToLoginPage({ postLoginRedirectUrl: window.location.href });
    return null;
  }
  return (
    <main>
      <Greeting />
      <OrgSwitch />
      <button type="button" onClick={() => redirectToAccountPage()}>
        Account
      </button>
      <button type="button" onClick={() => void logout(true)}>
        Sign out
      </button>
      {activeOrg ? (
        <RequireRole orgId={activeOrg.orgId} atLeastRole="Admin" fallback={<p>Admins only</p>}>
          <p>Admin tools</p>
        </RequireRole>
      ) : null}
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
