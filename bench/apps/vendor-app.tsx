// The typical app of the size comparison, written with the vendor's SDK (@propelauth/react and
// @propelauth/frontend-apis-react) and the TanStack Query glue an app needs around its calls: the same
// provider, auth info, org helper, logout and redirects, role guard and six operations as orgauth-app.tsx.
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAuthFrontendApis } from "@propelauth/frontend-apis-react";
import {
  AuthProvider,
  useAccessHelper,
  useAuthInfo,
  useLogoutFunction,
  useOrgHelper,
  useRedirectFunctions,
} from "@propelauth/react";
import { useState, type ReactNode } from "react";

const queryClient = new QueryClient();

/** The vendor's calls resolve with `{ ok, data } | { ok, error }`: React Query wants a value or a rejection. */
async function unwrap<T>(
  call: Promise<{ ok: true; data: T } | { ok: false; error: { user_facing_error: string } }>,
): Promise<T> {
  const response = await call;
  if (!response.ok) throw new Error(response.error.user_facing_error);
  return response.data;
}

function Members(props: { orgId: string }): ReactNode {
  const api = useAuthFrontendApis();
  const cache = useQueryClient();
  const members = useQuery({
    queryKey: ["members", props.orgId],
    queryFn: () => unwrap(api.fetchOrgMembers(props.orgId, { page_size: 20 })),
  });
  const pending = useQuery({
    queryKey: ["pending", props.orgId],
    queryFn: () => unwrap(api.fetchPendingOrgInvites(props.orgId)),
  });
  const settings = useQuery({
    queryKey: ["settings", props.orgId],
    queryFn: () => unwrap(api.fetchOrgSettings(props.orgId)),
  });
  const invite = useMutation({
    mutationFn: (email: string) => unwrap(api.inviteUserToOrg({ org_id: props.orgId, email, role: "Member" })),
    onSuccess: () => cache.invalidateQueries({ queryKey: ["pending", props.orgId] }),
  });
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
      <button type="button" onClick={() => invite.mutate(email)}>
        Invite
      </button>
      {invite.error ? <p role="alert">{invite.error.message}</p> : null}
    </section>
  );
}

function ApiKeys(props: { orgId: string }): ReactNode {
  const api = useAuthFrontendApis();
  const cache = useQueryClient();
  const keys = useQuery({
    queryKey: ["api-keys", props.orgId],
    queryFn: () => unwrap(api.fetchOrgApiKeys({ org_id: props.orgId })),
  });
  const create = useMutation({
    mutationFn: () => unwrap(api.createOrgApiKey(props.orgId, "OneMonth")),
    onSuccess: () => cache.invalidateQueries({ queryKey: ["api-keys", props.orgId] }),
  });
  return (
    <section>
      <ul>
        {keys.data?.api_keys.map((key) => (
          <li key={key.api_key_id}>{key.api_key_id}</li>
        ))}
      </ul>
      <button type="button" onClick={() => create.mutate()}>
        New key
      </button>
      {create.data ? <code>{create.data.api_key_token}</code> : null}
    </section>
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
  const { orgHelper } = useOrgHelper();
  const logout = useLogoutFunction();
  const { redirectToAccountPage, redirectToLoginPage } = useRedirectFunctions();
  if (auth.loading) return <p>Loading…</p>;
  if (!auth.isLoggedIn) {
    redirectToLoginPage({ postLoginRedirectUrl: window.location.href });
    return null;
  }
  const org = orgHelper?.getOrgs()[0];
  return (
    <main>
      <header>
        {auth.user.email}
        <button type="button" onClick={() => redirectToAccountPage()}>
          Account
        </button>
        <button type="button" onClick={() => void logout(true)}>
          Sign out
        </button>
      </header>
      {org ? (
        <RequireRole orgId={org.orgId} atLeastRole="Admin" fallback={<p>Admins only</p>}>
          <Members orgId={org.orgId} />
          <ApiKeys orgId={org.orgId} />
        </RequireRole>
      ) : null}
    </main>
  );
}

/** The app's root. */
export function App(): ReactNode {
  return (
    <AuthProvider authUrl="https://auth.example.com">
      <QueryClientProvider client={queryClient}>
        <Home />
      </QueryClientProvider>
    </AuthProvider>
  );
}
