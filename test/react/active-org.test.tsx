import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuthProvider, RequireAuth, useActiveOrg } from "../../src/hooks/index.js";
import { createStaticAuthClient, makeAuthInfo, makeOrgMembership } from "../../src/testing/index.js";
import { prismClient, providerWrapper } from "./support.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";

describe("the active org the library chooses", () => {
  it("lets the README's guard through for an Admin of Acme with no org picked by the app", async () => {
    const { client } = prismClient(); // the contract's default session: Admin of Acme, Member of Globex
    const Wrapper = providerWrapper({ client });
    render(
      <Wrapper>
        <RequireAuth atLeastRole="Admin" loadingFallback={<p>loading</p>} forbiddenFallback={<p>Admins only</p>}>
          <p>members page</p>
        </RequireAuth>
      </Wrapper>,
    );
    await screen.findByText("members page");
    expect(screen.queryByText("Admins only")).toBeNull();
    expect(client.getActiveOrgId()).toBe(DEMO_IDS.acme);
  });

  it("keeps the persisted selection while the user is still a member of it", async () => {
    const { client } = prismClient();
    client.setActiveOrgId(DEMO_IDS.globex); // as a selection persisted by an earlier visit
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.activeOrg?.orgName).toBe("Globex Corporation"));
    render(
      <AuthProvider client={client}>
        <RequireAuth atLeastRole="Admin" forbiddenFallback={<p>Admins only</p>}>
          secret
        </RequireAuth>
      </AuthProvider>,
    );
    expect(screen.getByText("Admins only")).toBeTruthy(); // a Member of Globex
  });

  it("falls back to the first membership when the persisted org is no longer one of the user's", async () => {
    const { client } = prismClient();
    client.setActiveOrgId("org_left_last_week");
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.activeOrgId).toBe(DEMO_IDS.acme));
    expect(result.current.activeOrg?.orgName).toBe("Acme Inc.");
  });

  it("chooses none for a user without orgs, so an org check fails", () => {
    const client = createStaticAuthClient({ authInfo: makeAuthInfo({ orgs: [] }) });
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    expect(result.current).toMatchObject({ activeOrgId: null, activeOrg: null });
    render(
      <AuthProvider client={client}>
        <RequireAuth atLeastRole="Member" forbiddenFallback="no org">
          secret
        </RequireAuth>
      </AuthProvider>,
    );
    expect(screen.getByText("no org")).toBeTruthy();
  });

  it("follows the app's setActiveOrg, and a selection the user is not in means the first org again", () => {
    const orgs = [makeOrgMembership({ orgId: "org_a" }), makeOrgMembership({ orgId: "org_b" })];
    const client = createStaticAuthClient({ authInfo: makeAuthInfo({ orgs }) });
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    expect(result.current.activeOrgId).toBe("org_a");
    act(() => result.current.setActiveOrg("org_b"));
    expect(result.current.activeOrgId).toBe("org_b");
    act(() => result.current.setActiveOrg("org_z"));
    expect(result.current.activeOrgId).toBe("org_a");
  });

  it("uses the app's own rule when chooseActiveOrg is given", async () => {
    const { client } = prismClient({
      chooseActiveOrg: (orgs) => orgs.find((org) => org.orgName.startsWith("Globex"))?.orgId ?? null,
    });
    const { result } = renderHook(() => useActiveOrg(), { wrapper: providerWrapper({ client }) });
    await waitFor(() => expect(result.current.activeOrgId).toBe(DEMO_IDS.globex));
  });

  it("treats a chooser's answer outside the user's orgs as none", async () => {
    const { client } = prismClient({ chooseActiveOrg: () => "org_elsewhere" });
    await client.getAuthInfo();
    expect(client.getActiveOrgId()).toBeNull();
  });
});
