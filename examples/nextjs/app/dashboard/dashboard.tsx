"use client";
/** A guarded client view: the signed-in user, a generated hook's data, and this app's own route handler. */
import { useQuery } from "@tanstack/react-query";
import { type AuthInfoLoggedIn, RequireAuth, useActiveOrg, useListOrgMembers } from "orgauth/react";
import type { ReactNode } from "react";
import type { Me } from "../api/me/route";

/** The active org's member count, through the generated `useListOrgMembers` hook. */
function MemberCount({ orgId }: { orgId: string }): ReactNode {
  const members = useListOrgMembers({ path: { orgId } });
  if (members.isPending) return <p role="status">Loading members…</p>;
  if (members.isError) return <p role="alert">{members.error.message}</p>;
  return <p data-testid="member-count">{members.data.total_count} members</p>;
}

/** What this app's server says about the visitor: GET /api/me calls the auth API with the visitor's cookie. */
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

function SignedIn({ auth }: { auth: AuthInfoLoggedIn }): ReactNode {
  const { activeOrg } = useActiveOrg();
  return (
    <>
      <p>
        Welcome, <strong data-testid="email">{auth.user.email}</strong>
      </p>
      {activeOrg ? <MemberCount orgId={activeOrg.orgId} /> : <p>You are in no organisation yet.</p>}
      <FromServer />
    </>
  );
}

/** Signed-in visitors see their dashboard; anyone else is sent to the hosted login page and back here. */
export function Dashboard(): ReactNode {
  return <RequireAuth>{(auth) => <SignedIn auth={auth} />}</RequireAuth>;
}
