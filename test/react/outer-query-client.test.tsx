import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  getJoinableOrgsKeys,
  useGetJoinableOrgs,
  useInviteUser,
  useListPendingInvites,
} from "../../src/hooks/index.js";
import { outerQueryClientWrapper, prismClient, testQueryClient } from "./support.js";

describe("AuthProvider inside the app's QueryClientProvider", () => {
  it("generated query hooks cache in the outer QueryClient, and mutations invalidate there", async () => {
    const queryClient = testQueryClient();
    const { client, requestsOf } = prismClient();
    const request = { path: { orgId: "org_acme" } };
    const { result } = renderHook(
      () => ({ orgs: useGetJoinableOrgs(), invites: useListPendingInvites(request), invite: useInviteUser() }),
      {
        wrapper: outerQueryClientWrapper(client, queryClient),
      },
    );
    await waitFor(() => expect(result.current.orgs.isSuccess && result.current.invites.isSuccess).toBe(true));
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toEqual(result.current.orgs.data);
    const before = requestsOf("listPendingInvites").length;
    await act(() =>
      result.current.invite.mutateAsync({
        body: { org_id: "org_acme", email: "grace@acme.com", role: "Member", additional_roles: [] },
      }),
    );
    expect(requestsOf("listPendingInvites")).toHaveLength(before + 1);
  });
});
