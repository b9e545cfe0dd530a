/**
 * The support-matrix smoke page, served as a development build: the client alone (`createAuthClient`, as a
 * non-React app makes it), then the provider, the login guard and a generated hook. `?auth=` is the auth URL,
 * `?org=` the org whose members the hook lists.
 */
import { QueryClient } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { createAuthClient } from "../../src/index.js";
import { AuthProvider, RequireAuth, useListOrgMembers } from "../../src/react.js";

const params = new URLSearchParams(location.search);
const authUrl = params.get("auth")!;
const orgId = params.get("org")!;

const client = createAuthClient({ authUrl });
const stop = client.subscribe(() => {
  const { status } = client.getSnapshot();
  if (status === "loading") return;
  document.getElementById("client")!.textContent = status;
  stop();
  client.destroy();
});

function Members() {
  const members = useListOrgMembers({ path: { orgId } });
  return <p id="members">{members.data ? `${members.data.users.length} members` : "…"}</p>;
}

createRoot(document.getElementById("root")!).render(
  <AuthProvider authUrl={authUrl} queryClient={new QueryClient()} requireLogin loadingFallback={<p>Loading…</p>}>
    <RequireAuth>
      {(auth) => (
        <>
          <p id="signed-in">Signed in as {auth.user.email}</p>
          <Members />
        </>
      )}
    </RequireAuth>
  </AuthProvider>,
);
