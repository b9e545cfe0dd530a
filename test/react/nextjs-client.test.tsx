/**
 * orgauth/nextjs/client's AuthProvider: the first paint is the server's user (server render and hydration agree,
 * no loading state, no hydration warning), orgauth/react's hooks and guards work below it, and it stays current
 * through the app's auth routes (userinfo, set-active-org, logout), never reading a cookie itself.
 */
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { StrictMode, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AuthProvider,
  RequireAuth,
  useActiveOrg,
  useAuthInfo,
  useHostedPageUrls,
  useLogoutFunction,
  useRedirectFunctions,
  type UserDetails,
  useUser,
} from "../../src/nextjs/client.js";
import type { ClientUser } from "../../src/nextjs/client-user.js";
import { userFromUserinfo } from "../../src/server/userinfo-user.js";
import { useAuthClient, useListOrgMembers } from "../../src/hooks/client.js";
import { testQueryClient } from "./support.js";

const AUTH_URL = "http://auth.test";
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

const ACME = {
  orgId: "org_acme",
  orgName: "Acme",
  urlSafeOrgName: "acme",
  orgMetadata: {},
  orgRoleStructure: "single_role_in_hierarchy" as const,
  userAssignedRole: "Admin",
  userInheritedRolesPlusCurrentRole: ["Admin", "Member"],
  userAssignedAdditionalRoles: [],
  userPermissions: ["can_invite"],
};
const BETA = { ...ACME, orgId: "org_beta", orgName: "Beta", urlSafeOrgName: "beta", userAssignedRole: "Member" };

function serverUser(overrides: Partial<ClientUser> = {}): ClientUser {
  return {
    userId: "user_1",
    email: "ada@example.com",
    firstName: "Ada",
    properties: {},
    orgIdToOrgMembership: { [ACME.orgId]: ACME, [BETA.orgId]: BETA },
    accessToken: "header.eyJleHAiOjF9.sig",
    expiresAtSeconds: inAnHour(),
    ...overrides,
  };
}

/**
 * The userinfo route's answer for a user in `orgs`: the provider's shape, plus the user and memberships in orgauth's
 * shape as orgauth/server's route maps them.
 */
function userinfoAnswer(email: string, activeOrgId?: string) {
  const answer = {
    userinfo: {
      user_id: "user_1",
      email,
      email_confirmed: true,
      has_password: true,
      mfa_enabled: true,
      can_create_orgs: true,
      created_at: 1_700_000_000,
      last_active_at: 1_700_000_100,
      picture_url: "https://img.example/ada.png",
      org_id_to_org_info: {
        org_acme: {
          org_id: "org_acme",
          org_name: "Acme",
          url_safe_org_name: "acme",
          org_metadata: {},
          user_role: "Admin",
          inherited_user_roles_plus_current_role: ["Admin", "Member"],
          user_permissions: ["can_invite"],
        },
        org_beta: {
          org_id: "org_beta",
          org_name: "Beta",
          url_safe_org_name: "beta",
          org_metadata: {},
          user_role: "Member",
          inherited_user_roles_plus_current_role: ["Member"],
          user_permissions: [],
        },
      },
    },
    accessToken: "fresh-token",
    expiresAtSeconds: inAnHour(),
    ...(activeOrgId ? { activeOrgId } : {}),
  };
  return { ...answer, ...userFromUserinfo(answer.userinfo, undefined) };
}

/** A fetch that answers the app's auth routes (and records every request). */
function stubRoutes(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; method: string }[] = [];
  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, method: init?.method ?? "GET" });
    return answer(url, init);
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Who(): ReactNode {
  const auth = useAuthInfo();
  const { activeOrg } = useActiveOrg();
  if (auth.loading) return <p>Loading…</p>;
  if (!auth.isLoggedIn) return <p>Signed out</p>;
  return (
    <p data-testid="who">
      {auth.user.email} in {activeOrg?.orgName} {auth.user.hasMfaEnabled ? "(mfa)" : ""}
    </p>
  );
}

/**
 * Renders `hook` below the provider, started from `user` (the server's signed-in user unless given), beside <Who />
 * (which shows the session); the hook's latest value is `result.current`.
 */
function renderBelowProvider<T>(hook: () => T, user: ClientUser | null = serverUser()) {
  return renderHook(hook, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <AuthProvider user={user} authUrl={AUTH_URL}>
        <Who />
        {children}
      </AuthProvider>
    ),
  });
}

describe("orgauth/nextjs/client AuthProvider", () => {
  it("renders the signed-in user on the server and hydrates with no warning and no loading state", async () => {
    const calls = stubRoutes(() => new Promise<Response>(() => undefined)); // the first userinfo never answers here
    const tree = (
      <StrictMode>
        <AuthProvider user={serverUser()} authUrl={AUTH_URL}>
          <Who />
          <RequireAuth loadingFallback={<p>Guard loading…</p>}>
            <p>guarded content</p>
          </RequireAuth>
        </AuthProvider>
      </StrictMode>
    );
    const html = renderToString(tree);
    expect(html).toContain("ada@example.com<!-- --> in <!-- -->Acme");
    expect(html).toContain("guarded content");
    expect(html).not.toContain("Loading…");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const recoverable = vi.fn();
    const root = hydrateRoot(container, tree, { onRecoverableError: recoverable });
    await act(async () => undefined);
    expect(container.textContent).toContain("ada@example.com in Acme");
    expect(consoleError).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    // after hydration it asks the app's userinfo route (same origin), never the auth host's refresh
    expect(calls.map((call) => call.url)).toEqual(["/api/auth/userinfo"]);
    consoleError.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it("takes the userinfo route's answer: the fields the token does not carry, a fresh token, the active org", async () => {
    stubRoutes(() => Response.json(userinfoAnswer("ada@example.com", "org_beta")));
    render(
      <AuthProvider user={serverUser()} authUrl={AUTH_URL}>
        <Who />
      </AuthProvider>,
    );
    expect(screen.getByTestId("who").textContent).toBe("ada@example.com in Acme ");
    await waitFor(() => expect(screen.getByTestId("who").textContent).toBe("ada@example.com in Beta (mfa)"));
  });

  it("useUser: the token's fields at once, the rest (details) only once the userinfo route answered, never placeholders", async () => {
    stubRoutes(() => Response.json(userinfoAnswer("ada@example.com")));
    const seen: (UserDetails | undefined)[] = [];
    function Details(): ReactNode {
      const auth = useUser();
      if (auth.isLoggedIn) seen.push(auth.details);
      return <p data-testid="details">{auth.isLoggedIn && auth.details ? String(auth.details.hasPassword) : "-"}</p>;
    }
    render(
      <AuthProvider user={serverUser()} authUrl={AUTH_URL}>
        <Details />
      </AuthProvider>,
    );
    expect(seen[0]).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId("details").textContent).toBe("true"));
    expect(seen.at(-1)).toMatchObject({
      hasPassword: true,
      hasMfaEnabled: true,
      pictureUrl: "https://img.example/ada.png",
    });
  });

  it("getAccessTokenForOrg answers a typed unsupported error: the server session has no org-scoped token", async () => {
    stubRoutes(() => new Promise<Response>(() => undefined));
    let result: unknown;
    function Ask(): ReactNode {
      const auth = useAuthInfo();
      if (auth.isLoggedIn) void auth.getAccessTokenForOrg("org_acme").then((answer) => (result = answer));
      return null;
    }
    render(
      <AuthProvider user={serverUser()} authUrl={AUTH_URL}>
        <Ask />
      </AuthProvider>,
    );
    await waitFor(() => expect(result).toEqual({ ok: false, error: "unsupported_by_server_session" }));
  });

  it("a 401 from the userinfo route signs the page out; a signed-out server render stays signed out", async () => {
    stubRoutes(() => new Response(null, { status: 401 }));
    render(
      <AuthProvider user={serverUser()} authUrl={AUTH_URL}>
        <Who />
      </AuthProvider>,
    );
    await screen.findByText("Signed out");
    const html = renderToString(
      <AuthProvider user={null} authUrl={AUTH_URL}>
        <Who />
      </AuthProvider>,
    );
    expect(html).toContain("Signed out");
  });

  it("useUser is shaped as the provider's library shapes it; setActiveOrg goes through the set-active-org route", async () => {
    const calls = stubRoutes((url) =>
      Response.json(userinfoAnswer("ada@example.com", url.includes("set-active-org") ? "org_beta" : undefined)),
    );
    const { result } = renderBelowProvider(useUser);
    let latest = result.current;
    if (!latest.isLoggedIn) throw new Error("expected a signed-in user");
    expect(latest.user.getOrg("org_acme")?.isAtLeastRole("Member")).toBe(true);
    expect(latest.user.hasPermission("org_acme", "can_invite")).toBe(true);
    expect(latest.getActiveOrg()?.orgName).toBe("Acme");
    await waitFor(() => expect(calls).toHaveLength(1));
    let after: Awaited<ReturnType<typeof latest.setActiveOrg>>;
    await act(async () => {
      after = await (latest as { setActiveOrg(id: string): Promise<typeof after> }).setActiveOrg("org_beta");
    });
    expect(after?.email).toBe("ada@example.com");
    expect(calls.at(-1)).toEqual({ url: "/api/auth/set-active-org?active_org_id=org_beta", method: "POST" });
    latest = result.current;
    expect(latest.isLoggedIn && latest.activeOrgId).toBe("org_beta");
  });

  it("logout posts to the logout route and signs the page out", async () => {
    const calls = stubRoutes((url) =>
      url.endsWith("/logout") ? new Response(null, { status: 200 }) : Response.json(userinfoAnswer("ada@example.com")),
    );
    const { result } = renderBelowProvider(() => ({ logout: useLogoutFunction(), client: useAuthClient() }));
    await screen.findByText(/\(mfa\)/); // the first userinfo answer is in
    const { logout, client } = result.current;
    const seen: unknown[] = [];
    client.onLoggedInChange((loggedIn) => seen.push(loggedIn));
    client.onAccessTokenChange((token) => seen.push(token));
    client.onAuthInfoChange((info) => seen.push(info));
    await act(async () => logout());
    expect(calls.at(-1)).toEqual({ url: "/api/auth/logout", method: "POST" });
    expect(screen.getByText("Signed out")).toBeTruthy();
    // each observer once, with its value after the change
    expect(seen).toEqual([false, null, null]);
  });

  it("logout waits for a renewal in flight, so the renewal's cookies cannot land after the logout cleared them", async () => {
    let answerUserinfo: (() => void) | undefined;
    const calls = stubRoutes((url) =>
      url.endsWith("/logout")
        ? new Response(null, { status: 200 })
        : new Promise<Response>((resolve) => {
            answerUserinfo = () => resolve(Response.json(userinfoAnswer("ada@example.com")));
          }),
    );
    const { result } = renderBelowProvider(useLogoutFunction);
    await waitFor(() => expect(answerUserinfo).toBeDefined()); // the renewal after hydration is in flight
    let loggedOut = false;
    const done = result.current().then(() => {
      loggedOut = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.url)).toEqual(["/api/auth/userinfo"]);
    expect(loggedOut).toBe(false);
    await act(async () => {
      answerUserinfo!();
      await done;
    });
    expect(calls.map((call) => call.url)).toEqual(["/api/auth/userinfo", "/api/auth/logout"]);
    expect(screen.getByText("Signed out")).toBeTruthy();
  });

  it("login and signup go through the app's auth routes with the return path; other hosted pages to the auth host", async () => {
    stubRoutes(() => new Promise<Response>(() => undefined));
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, href: "http://app.test/dashboard?tab=1", assign });
    const { result } = renderBelowProvider(
      () => ({ redirects: useRedirectFunctions(), urls: useHostedPageUrls() }),
      null,
    );
    const { redirects, urls } = result.current;
    // each loads the URL builders first (a chunk of their own in an app's build), then navigates
    await redirects.toLogin({ returnTo: "/dashboard?tab=1" });
    await redirects.toSignup({ params: { return_to_path: "/ignored" } });
    await redirects.toAccount();
    await redirects.toOrg("org_1", { returnTo: "/dashboard" });
    expect(assign.mock.calls.map(([url]) => url)).toEqual([
      "/api/auth/login?return_to_path=%2Fdashboard%3Ftab%3D1",
      "/api/auth/signup",
      `${AUTH_URL}/account`,
      `${AUTH_URL}/org?${new URLSearchParams({ id: "org_1", rt: btoa("http://app.test/dashboard") })}`,
    ]);
    // orgauth/react's synchronous builders below this provider send login through the app's routes too
    expect(urls.login()).toBe("/api/auth/login");
    await expect(redirects.toLogin({ returnTo: "https://evil.example/" })).rejects.toThrow(/origin/);
    await expect(redirects.toSocialLogin("Myspace" as never)).rejects.toThrow(TypeError);
    expect(assign).toHaveBeenCalledTimes(4);
  });

  it("the generated query hooks call the auth host's front-end API below it", async () => {
    const calls = stubRoutes((url) =>
      url.startsWith(AUTH_URL)
        ? Response.json({ users: [], total_count: 7, page_number: 0, page_size: 10, has_more_results: false })
        : new Promise<Response>(() => undefined),
    );
    function Count(): ReactNode {
      const members = useListOrgMembers({ path: { orgId: "org_acme" } });
      if (members.isError) return <p>{members.error.message}</p>;
      return <p>{members.isSuccess ? `${members.data.total_count} members` : "…"}</p>;
    }
    render(
      <AuthProvider user={serverUser()} authUrl={AUTH_URL} queryClient={testQueryClient()}>
        <Count />
      </AuthProvider>,
    );
    await screen.findByText("7 members");
    expect(calls).toContainEqual({ url: `${AUTH_URL}/api/fe/v3/org_membership/org_acme/members`, method: "GET" });
  });
});
