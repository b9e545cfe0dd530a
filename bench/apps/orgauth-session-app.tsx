// The session-only app of the size comparison, written with orgauth: provider, `withAuthInfo`, `useAuthInfo`, an
// org switch, a role gate, hosted-page redirects and logout; no front-end API calls, so no TanStack Query.
// bench/apps/vendor-session-app.tsx is the same app on the vendor's SDK; test/react/session-only.test.tsx renders
// `Home` with no QueryClient anywhere.
import type { ReactNode } from "react";
import {
  AuthProvider,
  RequireAuth,
  useActiveOrg,
  useAuthInfo,
  useLogoutFunction,
  useOrgHelper,
  useRedirectFunctions,
  withAuthInfo,
  type WithAuthStateProps,
} from "orgauth/react";

const Greeting = withAuthInfo(function Greeting(props: WithAuthStateProps): ReactNode {
  return <p>{props.auth.isLoggedIn ? `Hello ${props.auth.user.email}` : "Hello, visitor"}</p>;
});

function OrgSwitch(): ReactNode {
  const orgs = useOrgHelper();
  const { activeOrgId, setActiveOrg } = useActiveOrg();
  if (!orgs) return null;
  return (
    <select value={activeOrgId ?? ""} onChange={(event) => setActiveOrg(event.target.value)}>
      {orgs.getOrgs().map((org) => (
        <option key={org.orgId} value={org.orgId}>
          {org.orgName}
        </option>
      ))}
    </select>
  );
}

/** Everything below the provider. */
export function Home(): ReactNode {
  const auth = useAuthInfo();
  const { activeOrgId } = useActiveOrg();
  const logout = useLogoutFunction();
  const redirects = useRedirectFunctions();
  if (auth.status !== "logged_in") return <p>Loading…</p>;
  return (
    <main>
      <Greeting />
      <OrgSwitch />
      <button type="button" onClick={() => redirects.toAccount()}>
        Account
      </button>
      <button type="button" onClick={() => void logout()}>
        Sign out
      </button>
      {activeOrgId ? (
        <RequireAuth orgId={activeOrgId} atLeastRole="Admin" forbiddenFallback={<p>Admins only</p>}>
          <p>Admin tools</p>
        </RequireAuth>
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
