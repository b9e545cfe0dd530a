/**
 * Where orgauth's query layer finds its QueryClient now that `<AuthProvider>` imports no TanStack Query: the
 * `queryClient` prop reaches the generated hooks through orgauth's own context; a QueryClient around the provider
 * is found by the generated hooks, which leave it with the provider to reset on user change from then on (also
 * after they unmount); `<AuthQueryProvider>` also hands its client to TanStack Query's own hooks.
 */
import { QueryClientContext, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { useContext, type ReactNode } from "react";
import { describe, expect, inject, it } from "vitest";
import {
  AuthProvider,
  AuthQueryProvider,
  getJoinableOrgsKeys,
  useAuthClient,
  useAuthInfo,
  useGetJoinableOrgs,
  useLogoutFunction,
  type UseAuthInfoResult,
} from "../../src/hooks/index.js";
import { createBrowserEnvironment, type AuthClient } from "../../src/session/index.js";
import { outerQueryClientWrapper, prismClient, providerWrapper, testQueryClient } from "./support.js";

function JoinableOrgs(): ReactNode {
  return <p>{`joinable orgs ${useGetJoinableOrgs().status}`}</p>;
}

/** An app page: the auth state, a logout, and a generated hook while `withOrgs`. */
function renderPage(wrapper: (props: { children?: ReactNode }) => ReactNode) {
  const seen: { info?: UseAuthInfoResult; logout?: () => Promise<void> } = {};
  function Page({ withOrgs }: { withOrgs: boolean }): ReactNode {
    seen.info = useAuthInfo();
    const logout = useLogoutFunction();
    seen.logout = () => logout();
    return withOrgs ? <JoinableOrgs /> : null;
  }
  const view = render(<Page withOrgs />, { wrapper });
  return { seen, hideOrgs: () => view.rerender(<Page withOrgs={false} />) };
}

describe("AuthProvider inside the app's QueryClientProvider", () => {
  it("resets that client on logout once a generated hook ran in it, also after the hook unmounted", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { seen, hideOrgs } = renderPage(outerQueryClientWrapper(client, queryClient));
    await screen.findByText("joinable orgs success");
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toBeDefined();
    hideOrgs();
    queryClient.setQueryData(["app", "private"], "ada's");
    await act(() => seen.logout!());
    expect(seen.info?.status).toBe("logged_out");
    expect(queryClient.getQueryData(["app", "private"])).toBeUndefined();
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toBeUndefined();
  });

  it("keeps that client's cache with resetQueriesOnUserChange={false}", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { seen } = renderPage(function Wrapper({ children }: { children?: ReactNode }) {
      return (
        <QueryClientProvider client={queryClient}>
          <AuthProvider client={client} resetQueriesOnUserChange={false}>
            {children}
          </AuthProvider>
        </QueryClientProvider>
      );
    });
    await screen.findByText("joinable orgs success");
    queryClient.setQueryData(["app", "private"], "kept");
    await act(() => seen.logout!());
    expect(seen.info?.status).toBe("logged_out");
    expect(queryClient.getQueryData(["app", "private"])).toBe("kept");
  });
});

describe("AuthProvider with the queryClient prop", () => {
  it("runs the generated hooks in it without putting it in TanStack Query's context", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { result } = renderHook(() => ({ orgs: useGetJoinableOrgs(), context: useContext(QueryClientContext) }), {
      wrapper: providerWrapper({ client, queryClient }),
    });
    await waitFor(() => expect(result.current.orgs.isSuccess).toBe(true));
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toEqual(result.current.orgs.data);
    expect(result.current.context).toBeUndefined();
  });
});

describe("AuthQueryProvider", () => {
  it("hands its queryClient to TanStack Query's own hooks too", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { result } = renderHook(
      () => ({
        own: useQueryClient(),
        query: useQuery({ queryKey: ["app", "greeting"], queryFn: async () => "hello" }),
        orgs: useGetJoinableOrgs(),
      }),
      { wrapper: providerWrapper({ client, queryClient, provider: AuthQueryProvider }) },
    );
    await waitFor(() => expect(result.current.query.isSuccess && result.current.orgs.isSuccess).toBe(true));
    expect(result.current.own).toBe(queryClient);
    expect(queryClient.getQueryData(["app", "greeting"])).toBe("hello");
    expect(queryClient.getQueryData(getJoinableOrgsKeys.query())).toEqual(result.current.orgs.data);
  });

  it("keeps the session client it owns when its queryClient comes or goes", async () => {
    const clients = new Set<AuthClient>();
    function Probe(): ReactNode {
      clients.add(useAuthClient());
      return <p>{useAuthInfo().status}</p>;
    }
    const env = createBrowserEnvironment({ openChannel: () => null, locks: null });
    const authUrl = inject("prismUrl");
    const queryClient = testQueryClient();
    const view = render(
      <AuthQueryProvider authUrl={authUrl} options={{ environment: env }}>
        <Probe />
      </AuthQueryProvider>,
    );
    await screen.findByText("logged_in");
    view.rerender(
      <AuthQueryProvider authUrl={authUrl} options={{ environment: env }} queryClient={queryClient}>
        <Probe />
      </AuthQueryProvider>,
    );
    await screen.findByText("logged_in");
    expect(clients.size).toBe(1);
  });
});
