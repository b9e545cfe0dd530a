import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, inject, it } from "vitest";
import { decodeReturnTo } from "../../src/session/index.js";
import { RequireAuth, withRequiredAuthInfo, type WithRequiredAuthInfoProps } from "../../src/hooks/index.js";
import {
  createPrismAuthClient,
  createStaticAuthClient,
  makeAuthInfo,
  makeOrgMembership,
} from "../../src/testing/index.js";
import { StaticAuthProvider } from "../../src/testing/react.js";
import { prismClient, providerWrapper } from "./support.js";
import { loginRedirectsExhausted, recordLoginRedirect } from "../../src/hooks/login-return.js";

afterEach(() => {
  window.history.replaceState({}, "", "/");
  sessionStorage.clear(); // the guards' count of trips to the hosted login page
});

const admin = makeAuthInfo({
  orgs: [
    makeOrgMembership({
      orgId: "org_a",
      userAssignedRole: "Admin",
      userInheritedRolesPlusCurrentRole: ["Admin", "Member"],
      userPermissions: ["can_invite"],
    }),
  ],
});

describe("RequireAuth", () => {
  it("shows the loading fallback while the session loads", () => {
    render(
      <StaticAuthProvider authInfo="loading">
        <RequireAuth loadingFallback={<p>loading…</p>}>secret</RequireAuth>
      </StaticAuthProvider>,
    );
    expect(screen.getByText("loading…")).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("redirects a logged-out visitor once (StrictMode) to the hosted login page with the current URL as return address", async () => {
    window.history.replaceState({}, "", "/settings/billing?tab=invoices#due");
    const { client, navigations } = prismClient({ prefer: { refreshToken: "code=401" } });
    const Wrapper = providerWrapper({ client, strict: true });
    render(
      <Wrapper>
        <RequireAuth loadingFallback={<p>wait</p>}>secret</RequireAuth>
      </Wrapper>,
    );
    await waitFor(() => expect(navigations).toHaveLength(1));
    const target = new URL(navigations[0]!);
    expect(`${target.origin}${target.pathname}`).toBe(`${inject("prismUrl")}/login`);
    expect(decodeReturnTo(target.searchParams.get("rt")!)).toBe(
      "http://localhost:3000/settings/billing?tab=invoices#due",
    );
    expect(screen.getByText("wait")).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("back from the hosted login twice and still logged out: no third trip, the app's fallback names the cause", async () => {
    recordLoginRedirect(window.location.href);
    recordLoginRedirect(window.location.href);
    const { client, navigations } = prismClient({ prefer: { refreshToken: "code=401" } });
    const Wrapper = providerWrapper({ client, strict: true });
    render(
      <Wrapper>
        <RequireAuth loginFailedFallback={(failure) => <p>failed: {failure.cause}</p>}>secret</RequireAuth>
      </Wrapper>,
    );
    // jsdom's page is on localhost, the mock on 127.0.0.1: two names of this machine
    await screen.findByText("failed: host_name_mismatch");
    expect(navigations).toEqual([]);
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("two trips that returned to another page: this page sends the visitor to the login page, no fallback", async () => {
    recordLoginRedirect("/org");
    recordLoginRedirect("/org");
    window.history.replaceState({}, "", "/api_keys");
    const { client, navigations } = prismClient({ prefer: { refreshToken: "code=401" } });
    const Wrapper = providerWrapper({ client });
    render(
      <Wrapper>
        <RequireAuth loginFailedFallback={(failure) => <p>failed: {failure.cause}</p>}>secret</RequireAuth>
      </Wrapper>,
    );
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(decodeReturnTo(new URL(navigations[0]!).searchParams.get("rt")!)).toBe("http://localhost:3000/api_keys");
    expect(screen.queryByText(/failed:/)).toBeNull();
  });

  it("a session read clears the count of trips", async () => {
    recordLoginRedirect(window.location.href);
    recordLoginRedirect(window.location.href);
    render(
      <StaticAuthProvider authInfo={admin}>
        <RequireAuth>secret</RequireAuth>
      </StaticAuthProvider>,
    );
    expect(screen.getByText("secret")).toBeTruthy();
    await waitFor(() => expect(loginRedirectsExhausted()).toBe(false));
  });

  it("an unreachable auth server is not a logout: the unreachable fallback shows and nobody is sent to the login page", async () => {
    const { client, navigations } = createPrismAuthClient({
      prismUrl: "http://127.0.0.1:9",
      retryDelaysMs: [],
      transport: { logger: { warn: () => undefined } },
    });
    const Wrapper = providerWrapper({ client });
    render(
      <Wrapper>
        <RequireAuth loadingFallback={<p>wait</p>} unreachableFallback={<p>cannot reach sign-in</p>}>
          secret
        </RequireAuth>
      </Wrapper>,
    );
    await screen.findByText("cannot reach sign-in");
    expect(client.getSnapshot().status).toBe("unreachable");
    expect(navigations).toEqual([]);
    expect(screen.queryByText("secret")).toBeNull();
  });

  it("uses an explicit returnTo", async () => {
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <StaticAuthProviderFor client={client}>
        <RequireAuth returnTo="/after?step=2">secret</RequireAuth>
      </StaticAuthProviderFor>,
    );
    await waitFor(() => expect(client.navigations).toHaveLength(1));
    expect(decodeReturnTo(new URL(client.navigations[0]!).searchParams.get("rt")!)).toBe(
      "http://localhost:3000/after?step=2",
    );
  });

  it("renders the logged-out fallback instead of redirecting when one is given", () => {
    const client = createStaticAuthClient({ authInfo: null });
    render(
      <StaticAuthProviderFor client={client}>
        <RequireAuth loggedOutFallback={<p>please log in</p>}>secret</RequireAuth>
      </StaticAuthProviderFor>,
    );
    expect(screen.getByText("please log in")).toBeTruthy();
    expect(client.navigations).toEqual([]);
  });

  it("renders children (or a render function) for a logged-in user", () => {
    render(
      <StaticAuthProvider authInfo={admin}>
        <RequireAuth>{(auth) => <p>hello {auth.user.userId}</p>}</RequireAuth>
      </StaticAuthProvider>,
    );
    expect(screen.getByText("hello usr_test")).toBeTruthy();
  });

  it.each([
    [{ orgId: "org_a", role: "Admin" }, true],
    [{ orgId: "org_a", role: "Member" }, false],
    [{ orgId: "org_a", atLeastRole: "Member" }, true],
    [{ orgId: "org_a", atLeastRole: "Owner" }, false],
    [{ orgId: "org_a", permissions: ["can_invite"] }, true],
    [{ orgId: "org_a", permissions: ["can_invite", "can_delete"] }, false],
    [{ orgId: "org_other", atLeastRole: "Member" }, false],
    [{ role: "Admin" }, true], // no org given: the active org, here the only membership
  ])("checks %j → allowed %s, else the forbidden fallback", (requirement, allowed) => {
    render(
      <StaticAuthProvider authInfo={admin}>
        <RequireAuth {...requirement} forbiddenFallback={<p>forbidden</p>}>
          secret
        </RequireAuth>
      </StaticAuthProvider>,
    );
    expect(screen.queryByText(allowed ? "secret" : "forbidden")).toBeTruthy();
    expect(screen.queryByText(allowed ? "forbidden" : "secret")).toBeNull();
  });

  it("checks in the active org when no orgId is given", () => {
    const client = createStaticAuthClient({ authInfo: admin });
    client.setActiveOrgId("org_a");
    render(
      <StaticAuthProviderFor client={client}>
        <RequireAuth atLeastRole="Admin" forbiddenFallback="forbidden">
          secret
        </RequireAuth>
      </StaticAuthProviderFor>,
    );
    expect(screen.getByText("secret")).toBeTruthy();
  });
});

describe("withRequiredAuthInfo", () => {
  function Profile(props: WithRequiredAuthInfoProps & { greeting: string }) {
    return (
      <p>
        {props.greeting} {props.auth.user.email}
      </p>
    );
  }
  const GuardedProfile = withRequiredAuthInfo(Profile, {
    loggedOutFallback: <p>out</p>,
    atLeastRole: "Owner",
    orgId: "org_a",
    forbiddenFallback: <p>no</p>,
  });

  it("passes the auth info to the component and forwards its other props", () => {
    const Plain = withRequiredAuthInfo(Profile);
    render(
      <StaticAuthProvider authInfo={admin}>
        <Plain greeting="hi" />
      </StaticAuthProvider>,
    );
    expect(screen.getByText("hi test@example.test")).toBeTruthy();
  });

  it("applies the guard options", () => {
    render(
      <StrictMode>
        <StaticAuthProvider authInfo={admin}>
          <GuardedProfile greeting="hi" />
        </StaticAuthProvider>
        <StaticAuthProvider authInfo={null}>
          <GuardedProfile greeting="hi" />
        </StaticAuthProvider>
      </StrictMode>,
    );
    expect(screen.getByText("no")).toBeTruthy();
    expect(screen.getByText("out")).toBeTruthy();
  });
});

import { AuthProvider } from "../../src/hooks/index.js";
import type { ReactNode } from "react";
function StaticAuthProviderFor(props: { client: ReturnType<typeof createStaticAuthClient>; children?: ReactNode }) {
  return <AuthProvider client={props.client}>{props.children}</AuthProvider>;
}
