/**
 * A server component that reads the auth API as the visitor: it prefetches the first page of members with the
 * generated query options and hands the cache to the client through `HydrationBoundary`, so the list is in the
 * server-rendered HTML and the client does not fetch it again. A visitor without a session is sent to the hosted
 * login page from the server, with a `returnTo` back to this page.
 */
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { redirect } from "next/navigation";
import { refreshToken, type RefreshTokenResponse, type Transport } from "orgauth";
import { isApiError, listOrgMembersKeys, listOrgMembersQueryOptions } from "orgauth/react";
import type { ReactNode } from "react";
import { loginUrl, requestTransport } from "../../lib/server-auth";
import { MemberList } from "./member-list";

/** The visitor's session, or a redirect to the hosted login page when there is none. */
async function sessionOrLogin(transport: Transport): Promise<RefreshTokenResponse> {
  try {
    return await refreshToken(transport);
  } catch (error) {
    if (isApiError(error) && error.code === "not_logged_in") redirect(loginUrl("/members"));
    throw error;
  }
}

export default async function MembersPage(): Promise<ReactNode> {
  const transport = await requestTransport();
  const session = await sessionOrLogin(transport);
  const org = Object.values(session.org_id_to_org_member_info ?? {})[0];
  if (!org) return <p>You are in no organisation yet.</p>;

  const queryClient = new QueryClient();
  const request = { path: { orgId: org.org_id }, query: { page_size: 10 } };
  await queryClient.prefetchQuery(listOrgMembersQueryOptions(transport, request));
  // the key factories work on the server too: every cached page of this org's member list
  const cachedPages = queryClient.getQueriesData({ queryKey: listOrgMembersKeys.matching({ path: request.path }) });
  return (
    <main>
      <h1>Members of {org.org_name}</h1>
      <p data-testid="prefetched">Prefetched on the server: {cachedPages.length} page(s)</p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberList request={request} />
      </HydrationBoundary>
    </main>
  );
}
