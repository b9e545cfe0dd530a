// The typical app of the size comparison, written with orgauth: provider, auth info, org helper, logout and
// hosted-page redirects, a role guard, and six operations (members, invite, pending invites, org settings,
// create and list API keys). bench/apps/vendor-app.tsx is the same app on the vendor's SDK.
import { QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import {
  AuthProvider,
  RequireAuth,
  useAuthInfo,
  useCreateApiKey,
  useGetOrgSettings,
  useInviteUser,
  useListOrgApiKeys,
  useListOrgMembers,
  useListPendingInvites,
  useLogoutFunction,
  useOrgHelper,
  useRedirectFunctions,
} from "orgauth/react";

const queryClient = new QueryClient();

function Members(props: { orgId: string }): ReactNode {
  const members = useListOrgMembers({ path: { orgId: props.orgId }, query: { page_size: 20 } });
  const pending = useListPendingInvites({ path: { orgId: props.orgId } });
  const settings = useGetOrgSettings({ query: { org_id: props.orgId } });
  const invite = useInviteUser();
  const [email, setEmail] = useState("");
  return (
    <section>
      <h2>{settings.data ? `Members of ${settings.data.org_name}` : "Members"}</h2>
      <ul>
        {members.data?.users.map((user) => (
          <li key={user.user_id}>
            {user.email} — {user.role}
          </li>
        ))}
      </ul>
      <p>{pending.data?.total_count ?? 0} pending invitations</p>
      <input value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type="button" onClick={() => invite.mutate({ body: { org_id: props.orgId, email, role: "Member" } })}>
        Invite
      </button>
      {invite.error ? <p role="alert">{invite.error.message}</p> : null}
    </section>
  );
}

function ApiKeys(props: { orgId: string }): ReactNode {
  const keys = useListOrgApiKeys({ query: { org_id: props.orgId } });
  const create = useCreateApiKey();
  return (
    <section>
      <ul>
        {keys.data?.api_keys.map((key) => (
          <li key={key.api_key_id}>{key.api_key_id}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => create.mutate({ body: { org_id: props.orgId, expiration_option: "OneMonth" } })}
      >
        New key
      </button>
      {create.data ? <code>{create.data.api_key_token}</code> : null}
    </section>
  );
}

function Home(): ReactNode {
  const auth = useAuthInfo();
  const orgs = useOrgHelper();
  const logout = useLogoutFunction();
  const redirects = useRedirectFunctions();
  if (auth.status !== "logged_in") return <p>Loading…</p>;
  const org = orgs?.getOrgs()[0];
  return (
    <main>
      <header>
        {auth.user.email}
        <button type="button" onClick={() => redirects.toAccount()}>
          Account
        </button>
        <button type="button" onClick={() => void logout()}>
          Sign out
        </button>
      </header>
      {org ? (
        <RequireAuth orgId={org.orgId} atLeastRole="Admin" forbiddenFallback={<p>Admins only</p>}>
          <Members orgId={org.orgId} />
          <ApiKeys orgId={org.orgId} />
        </RequireAuth>
      ) : null}
    </main>
  );
}

/** The app's root. */
export function App(): ReactNode {
  return (
    <AuthProvider authUrl="https://auth.example.com" queryClient={queryClient}>
      <Home />
    </AuthProvider>
  );
}
