"use client";
/**
 * The dashboard's client part: orgauth/react's guard and hooks below the server session's provider — the active
 * org and its switch, a generated hook's data, a server action and this app's own route handler.
 */
import { useQuery } from "@tanstack/react-query";
import { useListOrgMembers } from "orgauth/react";
import { type AuthInfoLoggedIn, RequireAuth, useActiveOrg } from "orgauth/nextjs/client";
import { type ReactNode, useState } from "react";
import type { Me } from "../../api/me/route";
import { greet } from "./actions";

/** The active org's member count, through the generated `useListOrgMembers` hook. */
function MemberCount({ orgId }: { orgId: string }): ReactNode {
  const members = useListOrgMembers({ path: { orgId } });
  if (members.isPending) return <p role="status">Loading members…</p>;
  if (members.isError) return <p role="alert">{members.error.message}</p>;
  return <p data-testid="member-count">{members.data.total_count} members</p>;
}

/** What this app's server says about the visitor: GET /api/me reads the session cookie. */
function FromServer(): ReactNode {
  const me = useQuery({
    queryKey: ["me"],
    queryFn: async (): Promise<Me> => {
      const response = await fetch("/api/me");
      if (!response.ok) throw new Error(`GET /api/me answered ${response.status}`);
      return (await response.json()) as Me;
    },
  });
  if (me.isPending) return <p role="status">Asking the server…</p>;
  if (me.isError) return <p role="alert">{me.error.message}</p>;
  return (
    <p data-testid="from-server">
      The server sees {me.data.email} in {me.data.orgs.join(", ")}
    </p>
  );
}

/** A button that calls the server action. */
function Greeting(): ReactNode {
  const [greeting, setGreeting] = useState<string | null>(null);
  return (
    <p>
      <button type="button" onClick={() => void greet().then(setGreeting)}>
        Greet me on the server
      </button>{" "}
      {greeting ? <span data-testid="greeting">{greeting}</span> : null}
    </p>
  );
}

function SignedIn({ auth }: { auth: AuthInfoLoggedIn }): ReactNode {
  const { activeOrg, setActiveOrg } = useActiveOrg();
  return (
    <>
      <p>
        Welcome, <strong data-testid="email">{auth.user.email}</strong>
      </p>
      <label>
        Organisation{" "}
        <select value={activeOrg?.orgId ?? ""} onChange={(event) => setActiveOrg(event.target.value)}>
          {auth.orgs.map((org) => (
            <option key={org.orgId} value={org.orgId}>
              {org.orgName}
            </option>
          ))}
        </select>
      </label>
      <p data-testid="active-org">{activeOrg?.orgName ?? "No organisation"}</p>
      {activeOrg ? <MemberCount orgId={activeOrg.orgId} /> : null}
      <FromServer />
      <Greeting />
    </>
  );
}

/** The signed-in view (the guard never shows its fallback here: the server rendered a signed-in page). */
export function Dashboard(): ReactNode {
  return (
    <RequireAuth loadingFallback={<p role="status">Loading…</p>}>{(auth) => <SignedIn auth={auth} />}</RequireAuth>
  );
}
