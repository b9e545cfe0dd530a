import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as core from "../../src/index.js";
import * as react from "../../src/react.js";
import { decodeReturnTo } from "../../src/session/index.js";
import {
  AuthProvider,
  RedirectToLogin,
  RedirectToSignup,
  RequireAuth,
  useActiveOrg,
  useAuthInfo,
  useAuthUrl,
  usePagedSearch,
  withAuthInfo,
  withRequiredAuthInfo,
  type WithRequiredAuthInfoProps,
  type WithAuthStateProps,
} from "../../src/hooks/index.js";
import { createStaticAuthClient, makeAuthInfo, makeOrgMembership, makeUser } from "../../src/testing/index.js";
import { expectRenderError, prismClient, providerWrapper } from "./support.js";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState({}, "", "/");
});

const acme = makeOrgMembership({
  orgId: "org_acme",
  orgName: "Acme",
  userAssignedRole: "Admin",
  userInheritedRolesPlusCurrentRole: ["Admin", "Member"],
  userPermissions: ["can_invite"],
});
const globex = makeOrgMembership({ orgId: "org_globex", orgName: "Globex", urlSafeOrgName: "globex-corp" });
const info = makeAuthInfo({ user: makeUser({ properties: { plan: "pro" } }), orgs: [acme, globex] });

describe("the app-wide login gate (AuthProvider requireLogin)", () => {
  it("shows the provider's loading display, then the app for a logged-in user", async () => {
    const client = createStaticAuthClient({ authInfo: "loading" });
    render(
      <AuthProvider client={client} requireLogin loadingFallback={<p>checking…</p>}>
        <p>the app</p>
      </AuthProvider>,
    );
    expect(screen.getByText("checking…")).toBeTruthy();
    act(() => client.setAuthInfo(info));
    expect(screen.getByText("the app")).toBeTruthy();
  });

  it("shows the provider's logged-out display instead of the app, and sends nobody away", () => {
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <AuthProvider client={client} requireLogin loggedOutFallback={<p>please sign in</p>}>
        <p>the app</p>
      </AuthProvider>,
    );
    expect(screen.getByText("please sign in")).toBeTruthy();
    expect(screen.queryByText("the app")).toBeNull();
    expect(client.navigations).toEqual([]);
  });

  it("without a logged-out display sends a logged-out visitor to the hosted login page once (StrictMode)", async () => {
    const { client, navigations } = prismClient({ prefer: { refreshToken: "code=401" } });
    render(
      <StrictMode>
        <AuthProvider client={client} requireLogin>
          <p>the app</p>
        </AuthProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(new URL(navigations[0]!).pathname).toBe("/login");
  });

  it("gives guards below it default fallbacks, which their own props override", () => {
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <AuthProvider client={client} loggedOutFallback={<p>default logged-out</p>}>
        <RequireAuth>first</RequireAuth>
        <RequireAuth loggedOutFallback={<p>own logged-out</p>}>second</RequireAuth>
      </AuthProvider>,
    );
    expect(screen.getByText("default logged-out")).toBeTruthy();
    expect(screen.getByText("own logged-out")).toBeTruthy();
  });
});

describe("withAuthInfo", () => {
  function Greeting(props: WithAuthStateProps & { punctuation: string }) {
    return (
      <p>
        {props.auth.isLoggedIn ? `hello ${props.auth.user.email}` : "hello stranger"}
        {props.punctuation}
      </p>
    );
  }
  const Wrapped = withAuthInfo(Greeting, { loadingFallback: <p>wait</p> });

  it("renders for a logged-out visitor too, and waits while loading", () => {
    const client = createStaticAuthClient({ authInfo: "loading" });
    render(
      <AuthProvider client={client}>
        <Wrapped punctuation="!" />
      </AuthProvider>,
    );
    expect(screen.getByText("wait")).toBeTruthy();
    act(() => client.setAuthInfo(null));
    expect(screen.getByText("hello stranger!")).toBeTruthy();
    act(() => client.setAuthInfo(info));
    expect(screen.getByText("hello test@example.test!")).toBeTruthy();
    expect(Wrapped.displayName).toBe("withAuthInfo(Greeting)");
  });

  it("uses the provider's loading display when it has none of its own", () => {
    const Bare = withAuthInfo(Greeting);
    render(
      <AuthProvider client={createStaticAuthClient({ authInfo: "loading" })} loadingFallback={<p>provider loading</p>}>
        <Bare punctuation="." />
      </AuthProvider>,
    );
    expect(screen.getByText("provider loading")).toBeTruthy();
  });

  it("withRequiredAuthInfo also takes the provider's logged-out display", () => {
    const Profile = withRequiredAuthInfo((props: WithRequiredAuthInfoProps) => <p>{props.auth.user.userId}</p>);
    render(
      <AuthProvider client={createStaticAuthClient({ authInfo: null })} loggedOutFallback={<p>sign in first</p>}>
        <Profile />
      </AuthProvider>,
    );
    expect(screen.getByText("sign in first")).toBeTruthy();
  });
});

describe("RedirectToLogin and RedirectToSignup", () => {
  it("navigate once under StrictMode, with the current page as return address, and show their children", async () => {
    window.history.replaceState({}, "", "/billing?tab=2");
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <StrictMode>
        <AuthProvider client={client}>
          <RedirectToLogin>
            <p>taking you to sign in…</p>
          </RedirectToLogin>
        </AuthProvider>
      </StrictMode>,
    );
    expect(screen.getByText("taking you to sign in…")).toBeTruthy();
    await waitFor(() => expect(client.navigations).toHaveLength(1));
    const target = new URL(client.navigations[0]!);
    expect(target.pathname).toBe("/login");
    expect(decodeReturnTo(target.searchParams.get("rt")!)).toBe("http://localhost:3000/billing?tab=2");
  });

  it("RedirectToSignup passes an explicit return address and extra parameters", async () => {
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <AuthProvider client={client}>
        <RedirectToSignup returnTo={`${window.location.origin}/welcome`} params={{ ref: "ad" }} />
      </AuthProvider>,
    );
    await waitFor(() => expect(client.navigations).toHaveLength(1));
    const target = new URL(client.navigations[0]!);
    expect(target.pathname).toBe("/signup");
    expect(target.searchParams.get("ref")).toBe("ad");
    expect(decodeReturnTo(target.searchParams.get("rt")!)).toBe(`${window.location.origin}/welcome`);
  });

  it("throw the usual error outside an AuthProvider", () => {
    expectRenderError(() => render(<RedirectToLogin />), "RedirectToLogin must be used within an AuthProvider");
  });
});

describe("accessors", () => {
  it("useAuthUrl is the auth host's origin", () => {
    const client = createStaticAuthClient({ authInfo: null, authUrl: "https://auth.example.test/some/path" });
    const { result } = renderHook(() => useAuthUrl(), { wrapper: providerWrapper({ client }) });
    expect(result.current).toBe("https://auth.example.test");
  });

  it("getAccessToken waits for the first refresh, then resolves the current token (null when logged out)", async () => {
    const { client } = prismClient();
    const { result } = renderHook(() => useAuthInfo(), { wrapper: providerWrapper({ client }) });
    const token = await result.current.getAccessToken(); // asked while still loading
    await waitFor(() => expect(result.current.status).toBe("logged_in"));
    expect(token).toBe(result.current.status === "logged_in" ? result.current.accessToken : "not logged in");
    const loggedOut = prismClient({ prefer: { refreshToken: "code=401" } }).client;
    expect(await loggedOut.getAccessToken()).toBeNull();
  });
});

describe("user and membership objects", () => {
  it("authUser has org lookups and checks in any org", () => {
    const { result } = renderHook(() => useAuthInfo(), {
      wrapper: providerWrapper({ client: createStaticAuthClient({ authInfo: info }) }),
    });
    if (result.current.status !== "logged_in") throw new Error("expected logged in");
    const { authUser } = result.current;
    expect(authUser.email).toBe("test@example.test");
    expect(authUser.getOrgs().map((org) => org.orgId)).toEqual(["org_acme", "org_globex"]);
    expect(authUser.getOrg("org_acme")?.isAtLeastRole("Member")).toBe(true);
    expect(authUser.getOrgByName("globex-corp")?.isRole("Member")).toBe(true);
    expect(authUser.getOrg("org_none")).toBeUndefined();
    expect(authUser.getProperty("plan")).toBe("pro");
    expect(authUser.getProperty("toString")).toBeUndefined();
    expect(authUser.isImpersonating()).toBe(false);
    expect(authUser.hasPermission("org_acme", "can_invite")).toBe(true);
    expect(authUser.hasAllPermissions("org_globex", ["can_invite"])).toBe(false);
    expect(authUser.isAtLeastRole("org_none", "Member")).toBe(false);
  });

  it("the active org carries its checks, and accessHelper.forOrg binds the checks to one org", () => {
    const client = createStaticAuthClient({ authInfo: info });
    const { result } = renderHook(() => ({ active: useActiveOrg(), auth: useAuthInfo() }), {
      wrapper: providerWrapper({ client }),
    });
    expect(result.current.active.activeOrg?.isAtLeastRole("Admin")).toBe(true);
    expect(result.current.active.activeOrg?.hasPermission("can_invite")).toBe(true);
    if (result.current.auth.status !== "logged_in") throw new Error("expected logged in");
    const inGlobex = result.current.auth.accessHelper.forOrg("org_globex");
    expect([inGlobex.isRole("Member"), inGlobex.isAtLeastRole("Admin"), inGlobex.hasAllPermissions([])]).toEqual([
      true,
      false,
      true,
    ]);
    const elsewhere = result.current.auth.accessHelper.forOrg("org_none");
    expect([elsewhere.isRole("Member"), elsewhere.hasPermission("x"), elsewhere.hasAllPermissions([])]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe("comparing views in tests", () => {
  it("two views of one org differ by their own check functions; their data is the plain membership", () => {
    const { result } = renderHook(() => ({ active: useActiveOrg(), auth: useAuthInfo() }), {
      wrapper: providerWrapper({ client: createStaticAuthClient({ authInfo: info }) }),
    });
    if (result.current.auth.status !== "logged_in") throw new Error("expected logged in");
    const fromUser = result.current.auth.authUser.getOrg("org_acme");
    const active = result.current.active.activeOrg;
    expect(active).not.toEqual(fromUser); // what docs/migrating-from-propelauth.md warns of
    expect(result.current.auth.authInfo.orgIdToOrgMembership.org_acme).toEqual(acme); // compare the data instead
    expect(active?.orgId).toBe(fromUser?.orgId);
  });
});

describe("usePagedSearch", () => {
  it("debounces the search, pages forward and back, and starts a new search at the first page", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePagedSearch({ debounceMs: 250, pageSize: 10 }));
    expect(result.current).toMatchObject({ search: "", debouncedSearch: undefined, page: 0, hasPreviousPage: false });
    expect(result.current.pageQuery).toEqual({ page_number: 0, page_size: 10 });
    act(() => result.current.nextPage());
    act(() => result.current.nextPage());
    expect(result.current.pageQuery).toEqual({ page_number: 2, page_size: 10 });
    act(() => result.current.previousPage());
    expect(result.current).toMatchObject({ page: 1, hasPreviousPage: true });
    act(() => result.current.setSearch(" ada "));
    expect(result.current).toMatchObject({ search: " ada ", debouncedSearch: undefined, page: 1 });
    act(() => vi.advanceTimersByTime(249));
    expect(result.current.debouncedSearch).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ debouncedSearch: "ada", page: 0 });
    act(() => result.current.previousPage());
    expect(result.current.page).toBe(0);
    act(() => result.current.setPage(-3));
    expect(result.current.page).toBe(0);
    act(() => result.current.nextPage());
    act(() => result.current.setSearch("grace"));
    act(() => result.current.applySearch()); // a search button: no wait
    expect(result.current).toMatchObject({ debouncedSearch: "grace", page: 0 });
  });
});

describe("a generated hook without a QueryClient", () => {
  it("says how to provide one", () => {
    const client = createStaticAuthClient({ authInfo: info });
    const expected =
      "useGetJoinableOrgs needs a QueryClient: pass queryClient to AuthProvider or render it inside a QueryClientProvider";
    expectRenderError(
      () => renderHook(() => react.useGetJoinableOrgs(), { wrapper: providerWrapper({ client }) }),
      expected,
    );
  });
});

describe("one import for one component", () => {
  it("orgauth/react exports the same error classes and guard as orgauth", () => {
    expect(react.ApiError).toBe(core.ApiError);
    expect(react.isApiError).toBe(core.isApiError);
    expect(react.ResponseValidationError).toBe(core.ResponseValidationError);
    expect(react.RequestValidationError).toBe(core.RequestValidationError);
  });
});
