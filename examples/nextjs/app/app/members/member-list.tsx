"use client";
/** The member list, from the generated hook: its first render uses the page the server prefetched. */
import type { ListOrgMembersRequest } from "orgauth";
import { useListOrgMembers } from "orgauth/react";
import type { ReactNode } from "react";

/** One page of an org's members. */
export function MemberList({ request }: { request: ListOrgMembersRequest }): ReactNode {
  const members = useListOrgMembers(request);
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
