/**
 * A server component that prefetches the first page of members with the generated query options and hands the
 * cache to the client through `HydrationBoundary`, so the list is in the server-rendered HTML and the client does
 * not fetch it again. The session comes from the app's cookie; the front-end API call carries the visitor's cookie
 * for the auth host, so it needs the app and the auth host on one host name (in development: both on 127.0.0.1).
 */
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { listOrgMembersKeys, listOrgMembersQueryOptions } from "orgauth/react";
import type { ReactNode } from "react";
import { orgauth } from "../../../lib/orgauth";
import { requestTransport } from "../../../lib/server-auth";
import { MemberList } from "./member-list";

export default async function MembersPage(): Promise<ReactNode> {
  const user = await orgauth.protect();
  const org = user.getOrgs()[0];
  if (!org) return <p>You are in no organisation yet.</p>;

  const transport = await requestTransport();
  const queryClient = new QueryClient();
  const request = { path: { orgId: org.orgId }, query: { page_size: 10 } };
  await queryClient.prefetchQuery(listOrgMembersQueryOptions(transport, request));
  // the key factories work on the server too: every cached page of this org's member list
  const cachedPages = queryClient.getQueriesData({ queryKey: listOrgMembersKeys.matching({ path: request.path }) });
  return (
    <main>
      <h1>Members of {org.orgName}</h1>
      <p data-testid="prefetched">Prefetched on the server: {cachedPages.length} page(s)</p>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberList request={request} />
      </HydrationBoundary>
    </main>
  );
}
