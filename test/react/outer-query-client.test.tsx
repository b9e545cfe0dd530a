import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { AuthClient } from "../../src/session/index.js";
import {
  AuthProvider,
  getJoinableOrgsKeys,
  useAuthInfo,
  useGetJoinableOrgs,
  useInviteUser,
  useListPendingInvites,
  useLogoutFunction,
} from "../../src/hooks/index.js";
import { prismClient, testQueryClient } from "./support.js";

/** The app's own QueryClientProvider around an AuthProvider that gets no `queryClient` prop. */
function outerWrapper(client: AuthClient, queryClient: QueryClient) {
  return function Wrapper({ children }: { children?: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <AuthProvider client={client}>{children}</AuthProvider>
      </QueryClientProvider>
    );
  };
}

describe("AuthProvider inside the app's QueryClientProvider", () => {
  it("generated query hooks cache in the outer QueryClient, and mutations invalidate there", async () => {
    const queryClient = testQueryClient();
    const { client, requestsOf } = prismClient();
    const request = { path: { orgId: "org_acme" } };
    const { result } = renderHook(() => ({ orgs: useGetJoinableOrgs(), invites: useListPendingInvites(request), invite: useInviteUser() }), {
      wrapper: outerWrapper(client, queryClient),
    });
    await waitFor(() => expect(result.current.orgs.isSuccess && result.current.invites.isSuccess).toBe(true));
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toEqual(result.current.orgs.data);
    const before = requestsOf("listPendingInvites").length;
    await act(() =>
      result.current.invite.mutateAsync({ body: { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: [] } }),
    );
    expect(requestsOf("listPendingInvites")).toHaveLength(before + 1);
  });

  it("resets the outer cache when the user changes", async () => {
    const queryClient = testQueryClient();
    const { client, prefer, requestsOf } = prismClient();
    const { result } = renderHook(() => ({ info: useAuthInfo(), orgs: useGetJoinableOrgs() }), { wrapper: outerWrapper(client, queryClient) });
    await waitFor(() => expect(result.current.orgs.isSuccess && result.current.info.isLoggedIn).toBe(true));
    queryClient.setQueryData(["app", "private"], "ada's secret");
    const fetchedBefore = requestsOf("getJoinableOrgs").length;
    prefer.refreshToken = "example=no_orgs"; // another user
    await act(() => client.refresh());
    expect(result.current.info.isLoggedIn && result.current.info.user.userId).toBe("usr_02new");
    expect(queryClient.getQueryData(["app", "private"])).toBeUndefined();
    await waitFor(() => expect(requestsOf("getJoinableOrgs").length).toBe(fetchedBefore + 1));
  });

  it("resets the outer cache on logout", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { result } = renderHook(() => ({ info: useAuthInfo(), logout: useLogoutFunction() }), { wrapper: outerWrapper(client, queryClient) });
    await waitFor(() => expect(result.current.info.status).toBe("logged_in"));
    queryClient.setQueryData(["app", "private"], "ada's");
    await act(() => result.current.logout());
    expect(result.current.info.status).toBe("logged_out");
    expect(queryClient.getQueryData(["app", "private"])).toBeUndefined();
  });
});
