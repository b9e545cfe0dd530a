/** Two screens: home (who is signed in) and a guarded dashboard that reads the active org's members. */
import {
  type AuthInfoLoggedIn,
  RequireAuth,
  useActiveOrg,
  useAuthInfo,
  useListOrgMembers,
  useLogoutFunction,
  useRedirectFunctions,
} from "orgauth/react";
import type { ReactNode } from "react";

/** "Signed in as …" with a sign-out button, or a sign-in button that comes back to this page. */
function SessionStatus(): ReactNode {
  const auth = useAuthInfo();
  const { toLogin } = useRedirectFunctions();
  const logout = useLogoutFunction();
  if (auth.loading) return <p role="status">Checking your session…</p>;
  if (!auth.isLoggedIn) {
    return (
      <p>
        Signed out.{" "}
        <button type="button" onClick={() => toLogin({ returnTo: window.location.href })}>
          Sign in
        </button>
      </p>
    );
  }
  return (
    <p>
      Signed in as <strong data-testid="email">{auth.user.email}</strong>.{" "}
      <button type="button" onClick={() => void logout({ redirect: false })}>
        Sign out
      </button>
    </p>
  );
}

/** The active org's members, through the generated `useListOrgMembers` hook. */
function Members({ orgId }: { orgId: string }): ReactNode {
  const members = useListOrgMembers({ path: { orgId } });
  if (members.isPending) return <p role="status">Loading members…</p>;
  if (members.isError) return <p role="alert">{members.error.message}</p>;
  return (
    <ul data-testid="members">
      {members.data.users.map((member) => (
        <li key={member.user_id}>
          {member.email} ({member.role})
        </li>
      ))}
    </ul>
  );
}

function Dashboard({ auth }: { auth: AuthInfoLoggedIn }): ReactNode {
  const { activeOrg } = useActiveOrg();
  return (
    <>
      <h1>Dashboard</h1>
      <p>
        Welcome, <strong data-testid="welcome">{auth.user.email}</strong>
      </p>
      {activeOrg ? <Members orgId={activeOrg.orgId} /> : <p>You are in no organisation yet.</p>}
    </>
  );
}

/** The app: /dashboard is guarded (a visitor without a session goes to the hosted login page and back). */
export function App(): ReactNode {
  return (
    <main>
      <nav>
        <a href="/">Home</a> · <a href="/dashboard">Dashboard</a>
      </nav>
      <SessionStatus />
      {window.location.pathname === "/dashboard" && <RequireAuth>{(auth) => <Dashboard auth={auth} />}</RequireAuth>}
    </main>
  );
}
