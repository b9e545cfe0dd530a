import type { QueryClient } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { StrictMode, useRef } from "react";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createAuthClient, createBrowserEnvironment, type AuthClient } from "../../src/session/index.js";
import {
  AuthProvider,
  AuthQueryProvider,
  RequireAuth,
  useAccessHelper,
  useActiveOrg,
  useAuthClient,
  useAuthInfo,
  useGetJoinableOrgs,
  useHostedPageUrls,
  useInviteUser,
  useListOrgMembersInfinite,
  useLoginFlow,
  useLogoutFunction,
  useMfa,
  useOrgHelper,
  useRedirectFunctions,
  useUser,
  withRequiredAuthInfo,
  type WithRequiredAuthInfoProps,
} from "../../src/hooks/index.js";
import {
  expectRenderError,
  outerQueryClientWrapper,
  prismClient,
  providerWrapper,
  testQueryClient,
} from "./support.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

afterEach(() => localStorage.clear());

/** A browser environment on the real fetch, no tab coordination, that lists the refresh requests it sends. */
function countingRefreshes() {
  const refreshes: string[] = [];
  const env = createBrowserEnvironment({
    fetch: (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/refresh_token")) refreshes.push(url);
      return fetch(input, init);
    },
    openChannel: () => null,
    locks: null,
  });
  return [refreshes, env] as const;
}
describe("outside an AuthProvider", () => {
  const hooks: [string, () => unknown][] = [
    ["useAuthInfo", useAuthInfo],
    ["useUser", useUser],
    ["useOrgHelper", useOrgHelper],
    ["useAccessHelper", useAccessHelper],
    ["useActiveOrg", useActiveOrg],
    ["useRedirectFunctions", useRedirectFunctions],
    ["useHostedPageUrls", useHostedPageUrls],
    ["useLogoutFunction", useLogoutFunction],
    ["useAuthClient", useAuthClient],
    ["useLoginFlow", useLoginFlow],
    ["useMfa", useMfa],
    ["useGetJoinableOrgs", () => useGetJoinableOrgs()],
    ["useListOrgMembersInfinite", () => useListOrgMembersInfinite({ path: { orgId: DEMO_IDS.acme } })],
    ["useInviteUser", () => useInviteUser()],
  ];
  it.each(hooks)("%s throws the message naming itself", (name, hook) => {
    expectRenderError(() => renderHook(hook), `${name} must be used within an AuthProvider`);
  });

  it("RequireAuth throws the same message", () => {
    expectRenderError(() => render(<RequireAuth>x</RequireAuth>), "RequireAuth must be used within an AuthProvider");
  });

  it("withRequiredAuthInfo throws naming itself", () => {
    const Guarded = withRequiredAuthInfo(({ auth }: WithRequiredAuthInfoProps) => <p>{auth.user.email}</p>);
    expectRenderError(() => render(<Guarded />), "withRequiredAuthInfo must be used within an AuthProvider");
  });
});

describe("AuthProvider", () => {
  it.each([
    ["coordinates tabs by default (tabSync)", {}, true],
    ["coordinates nothing with options.tabs null", { tabs: null }, false],
  ] as const)("an owned client %s", async (_name, options, coordinated) => {
    const channels: string[] = [];
    const env = createBrowserEnvironment({
      openChannel: (name) => {
        channels.push(name);
        return null;
      },
      locks: null,
    });
    render(
      <AuthProvider authUrl={inject("prismUrl")} options={{ ...options, environment: env, retryDelaysMs: [] }}>
        <SessionStatus />
      </AuthProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("status").textContent).not.toBe("loading"));
    // the coordinator is a later chunk: a page may be logged in before it has arrived and opened its channel
    if (coordinated) await waitFor(() => expect(channels.length).toBeGreaterThan(0));
    else expect(channels).toEqual([]);
  });

  it("makes exactly one refresh request when mounted under StrictMode with an authUrl (owned client)", async () => {
    const [refreshes, env] = countingRefreshes();
    function Status() {
      return <p>{useAuthInfo().status}</p>;
    }
    render(
      <StrictMode>
        <AuthProvider authUrl={inject("prismUrl")} options={{ environment: env, retryDelaysMs: [] }}>
          <Status />
        </AuthProvider>
      </StrictMode>,
    );
    await screen.findByText("logged_in");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(refreshes).toHaveLength(1);
  });

  it("sends an owned client's first refresh during its own first render, before its children render", async () => {
    const [refreshes, env] = countingRefreshes();
    const sentBeforeChild: number[] = [];
    function Child() {
      sentBeforeChild.push(refreshes.length);
      return <p>{useAuthInfo().status}</p>;
    }
    render(
      <AuthProvider authUrl={inject("prismUrl")} options={{ environment: env, retryDelaysMs: [] }}>
        <Child />
      </AuthProvider>,
    );
    expect(sentBeforeChild[0]).toBe(1); // not a microtask after the whole tree's first render and commit
    await screen.findByText("logged_in");
    expect(refreshes).toHaveLength(1);
  });

  it("makes exactly one refresh request under StrictMode with a given client", async () => {
    const { client, requestsOf } = prismClient();
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client, strict: true }) });
    await waitFor(() => expect(result.current.status).toBe("logged_in"));
    expect(requestsOf("refreshToken")).toHaveLength(1);
  });

  it("goes loading → logged_in with the user, orgs and helpers of the refresh response", async () => {
    const { client } = prismClient();
    const { result } = renderHook(
      () => ({ info: useAuthInfo(), user: useUser(), orgs: useOrgHelper(), access: useAccessHelper() }),
      {
        wrapper: providerWrapper({ client }),
      },
    );
    expect(result.current.info.status).toBe("loading");
    expect(result.current.user).toBeNull();
    await waitFor(() => expect(result.current.info.status).toBe("logged_in"));
    const { info, user, orgs, access } = result.current;
    if (!info.isLoggedIn) throw new Error("narrowing");
    expect(user?.userId).toBe(DEMO_IDS.ada);
    expect(info.orgs.map((o) => o.orgId).sort()).toEqual([DEMO_IDS.acme, DEMO_IDS.globex].sort());
    expect(orgs?.getOrgByName("acme-inc")?.orgId).toBe(DEMO_IDS.acme);
    expect(access?.isAtLeastRole(DEMO_IDS.acme, "Member")).toBe(true);
    expect(access?.isRole(DEMO_IDS.globex, "Billing")).toBe(true);
    expect(access?.hasPermission(DEMO_IDS.globex, "can_invite")).toBe(false);
    expect(info.isImpersonating).toBe(false);
  });

  it("shows logged_out when the refresh answers 401", async () => {
    const { client } = prismClient({ prefer: { refreshToken: "code=401" } });
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.status).toBe("logged_out"));
  });

  it("re-renders consumers on a role change even when the access token string is unchanged", async () => {
    let role = "Admin";
    const env = createBrowserEnvironment({
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes("/refresh_token")) return response;
        const body = await response.json();
        body.org_id_to_org_member_info[DEMO_IDS.acme].user_role = role;
        body.org_id_to_org_member_info[DEMO_IDS.acme].inherited_user_roles_plus_current_role =
          role === "Owner" ? ["Owner", "Admin", "Member"] : ["Admin", "Member"];
        return new Response(JSON.stringify(body), { status: 200, headers: response.headers });
      },
      openChannel: () => null,
      locks: null,
    });
    const client = createAuthClient({ authUrl: inject("prismUrl"), environment: env, retryDelaysMs: [] });
    const renders: string[] = [];
    function Role() {
      const info = useAuthInfo();
      const text = info.isLoggedIn
        ? `${info.accessToken.slice(-8)} ${info.orgHelper.getOrg(DEMO_IDS.acme)?.userAssignedRole}`
        : info.status;
      renders.push(text);
      return <p>{text}</p>;
    }
    render(
      <AuthProvider client={client}>
        <Role />
      </AuthProvider>,
    );
    const first = await screen.findByText(/ Admin$/);
    const token = first.textContent!.split(" ")[0];
    role = "Owner";
    await act(() => client.refresh());
    expect(screen.getByText(`${token} Owner`)).toBeTruthy();
    expect(renders.at(-1)).toBe(`${token} Owner`);
  });

  it("keeps the query cache when the same user's session is refreshed", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client, queryClient }) });
    await waitFor(() => expect(result.current.status).toBe("logged_in"));
    queryClient.setQueryData(["app", "private"], "still ada's");
    await act(() => client.refresh());
    expect(queryClient.getQueryData(["app", "private"])).toBe("still ada's");
  });

  it("useAuthInfo's refreshAuthInfo refreshes once and getAccessTokenForOrg fetches a token for that org", async () => {
    const { client, requestsOf } = prismClient();
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.status).toBe("logged_in"));
    const before = requestsOf("refreshToken").length;
    const refreshed = await act(() => result.current.refreshAuthInfo());
    expect(requestsOf("refreshToken")).toHaveLength(before + 1);
    expect(refreshed?.user.userId).toBe(DEMO_IDS.ada);
    const info = result.current;
    if (!info.isLoggedIn) throw new Error("narrowing");
    const token = await act(() => info.getAccessTokenForOrg(DEMO_IDS.acme));
    expect(token).toEqual({ ok: true, accessToken: expect.any(String), expiresAtSeconds: expect.any(Number) });
    expect(requestsOf("refreshToken")).toHaveLength(before + 2);
    expect(requestsOf("refreshToken").at(-1)?.url).toContain(`active_org_id=${DEMO_IDS.acme}`);
  });

  it("useActiveOrg selects an org, persists it through the client and re-renders", async () => {
    const { client, requestsOf } = prismClient();
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(client.getSnapshot().status).toBe("logged_in"));
    expect(result.current.activeOrg?.orgId).toBe(DEMO_IDS.acme); // nothing selected yet: the first membership
    act(() => result.current.setActiveOrg(DEMO_IDS.globex));
    expect(result.current.activeOrgId).toBe(DEMO_IDS.globex);
    expect(result.current.activeOrg?.orgName).toBe("Globex Corporation");
    expect(client.getActiveOrgId()).toBe(DEMO_IDS.globex);
    await waitFor(() => expect(requestsOf("refreshToken").at(-1)?.url).toContain(`active_org_id=${DEMO_IDS.globex}`));
  });

  it("useRedirectFunctions and useHostedPageUrls are the client's", async () => {
    const { client, navigations } = prismClient();
    const { result } = renderHook(() => ({ redirects: useRedirectFunctions(), urls: useHostedPageUrls() }), {
      wrapper: providerWrapper({ client }),
    });
    expect(result.current.urls.account()).toBe(`${inject("prismUrl")}/account`);
    result.current.redirects.toCreateOrg();
    expect(navigations).toEqual([`${inject("prismUrl")}/create_org`]);
  });

  it("creates its client once per mount (no new client on re-render)", async () => {
    const seen = new Set<unknown>();
    function Probe() {
      const client = useAuthClient();
      seen.add(client);
      const renders = useRef(0);
      renders.current += 1;
      return <p>{useAuthInfo().status}</p>;
    }
    const env = createBrowserEnvironment({ openChannel: () => null, locks: null });
    const view = render(
      <AuthProvider authUrl={inject("prismUrl")} options={{ environment: env }}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText("logged_in");
    view.rerender(
      <AuthProvider authUrl={inject("prismUrl")} options={{ environment: env }}>
        <Probe />
      </AuthProvider>,
    );
    expect(seen.size).toBe(1);
  });

  it("creates a new client when the authUrl changes or a given client gives way to an authUrl, destroying the old one", async () => {
    const clients: AuthClient[] = [];
    function Probe() {
      const client = useAuthClient();
      if (!clients.includes(client)) clients.push(client);
      return <p>{`${useAuthInfo().status} at ${client.authUrl}`}</p>;
    }
    const env = createBrowserEnvironment({ openChannel: () => null, locks: null });
    const prismUrl = inject("prismUrl");
    const sameHostOtherSpelling = prismUrl.replace("127.0.0.1", "localhost");
    const { client: given } = prismClient();
    const view = render(
      <AuthProvider client={given}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText(`logged_in at ${given.authUrl}`);
    view.rerender(
      <AuthProvider authUrl={prismUrl} options={{ environment: env }}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText(`logged_in at ${new URL(prismUrl).origin}`);
    const first = clients.at(-1)!;
    view.rerender(
      <AuthProvider authUrl={sameHostOtherSpelling} options={{ environment: env }}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText(`logged_in at ${new URL(sameHostOtherSpelling).origin}`);
    expect(clients).toHaveLength(3);
    await waitFor(() => expect(first.refresh()).rejects.toThrow("destroyed"));
    expect(given.getSnapshot().status).toBe("logged_in"); // a borrowed client is never destroyed
  });
});

// AuthProvider inside the app's own QueryClientProvider resets that client once a generated hook has run in it
// (test/react/query-client-wiring.test.tsx); AuthQueryProvider resets it from the start.
describe.each([
  {
    cache: "AuthProvider with the queryClient prop",
    wrap: (client: AuthClient, queryClient: QueryClient) => providerWrapper({ client, queryClient }),
  },
  {
    cache: "AuthQueryProvider with the queryClient prop",
    wrap: (client: AuthClient, queryClient: QueryClient) =>
      providerWrapper({ client, queryClient, provider: AuthQueryProvider }),
  },
  {
    cache: "AuthQueryProvider inside the app's QueryClientProvider",
    wrap: (client: AuthClient, queryClient: QueryClient) =>
      outerQueryClientWrapper(client, queryClient, AuthQueryProvider),
  },
])("$cache", ({ wrap }) => {
  it("resets the query cache when the user changes, so the next user never sees the previous one's data", async () => {
    const queryClient = testQueryClient();
    const { client, prefer, requestsOf } = prismClient();
    const { result } = renderHook(() => ({ info: useAuthInfo(), orgs: useGetJoinableOrgs() }), {
      wrapper: wrap(client, queryClient),
    });
    await waitFor(() => expect(result.current.orgs.isSuccess && result.current.info.isLoggedIn).toBe(true));
    queryClient.setQueryData(["app", "private"], "ada's secret");
    const fetchedBefore = requestsOf("getJoinableOrgs").length;
    prefer.refreshToken = "example=no_orgs";
    await act(() => client.refresh());
    expect(result.current.info.isLoggedIn && result.current.info.user.userId).toBe(DEMO_IDS.newcomer);
    expect(queryClient.getQueryData(["app", "private"])).toBeUndefined();
    await waitFor(() => expect(requestsOf("getJoinableOrgs").length).toBe(fetchedBefore + 1));
  });

  it("resets the query cache on logout", async () => {
    const queryClient = testQueryClient();
    const { client } = prismClient();
    const { result } = renderHook(() => ({ info: useAuthInfo(), logout: useLogoutFunction() }), {
      wrapper: wrap(client, queryClient),
    });
    await waitFor(() => expect(result.current.info.status).toBe("logged_in"));
    queryClient.setQueryData(["app", "private"], "ada's");
    await act(() => result.current.logout());
    expect(result.current.info.status).toBe("logged_out");
    expect(queryClient.getQueryData(["app", "private"])).toBeUndefined();
  });
});

/** The session status, for tests that wait for the first refresh to settle. */
function SessionStatus() {
  return <p data-testid="status">{useAuthInfo().status}</p>;
}
