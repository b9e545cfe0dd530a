/**
 * The session-only app of `npm run size` (bench/apps/orgauth-session-app.tsx: provider, `withAuthInfo`,
 * `useAuthInfo`, org switch, role gate, hosted-page redirects, logout) needs no QueryClient: rendered against Prism
 * with none anywhere, it logs in, switches org, gates on the role there, navigates and logs out.
 * test/package/session-only-bundle.test.ts proves its bundle carries no TanStack Query, and
 * test/react/query-client-wiring.test.tsx shows the generated hooks running in the provider's `queryClient` alone.
 */
import { QueryClientContext } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useContext, type ReactNode } from "react";
import { describe, expect, inject, it } from "vitest";
import { Home } from "../../bench/apps/orgauth-session-app.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";
import { AuthProvider } from "../../src/hooks/index.js";
import { prismClient } from "./support.js";

/** Shows whether TanStack Query's context holds a QueryClient here. */
function QueryClientProbe(): ReactNode {
  return <p>{useContext(QueryClientContext) ? "a QueryClient" : "no QueryClient"}</p>;
}

describe("a session-only app", () => {
  it("renders logged in, switches org, gates on the role and logs out with no QueryClient anywhere", async () => {
    const { client, navigations, requestsOf } = prismClient();
    render(
      <AuthProvider client={client}>
        <QueryClientProbe />
        <Home />
      </AuthProvider>,
    );
    expect(await screen.findByText("Hello ada@acme.example")).toBeTruthy();
    expect(screen.getByText("no QueryClient")).toBeTruthy();
    expect(screen.getByText("Admin tools")).toBeTruthy(); // Admin in the first org, Acme

    const orgSwitch = screen.getByRole<HTMLSelectElement>("combobox");
    expect(orgSwitch.value).toBe(DEMO_IDS.acme);
    act(() => {
      fireEvent.change(orgSwitch, { target: { value: DEMO_IDS.globex } });
    });
    expect(orgSwitch.value).toBe(DEMO_IDS.globex);
    expect(screen.getByText("Admins only")).toBeTruthy(); // a Member in Globex
    // the switch refreshes the session for the new org: let that settle before signing out
    await waitFor(() => expect(requestsOf("refreshToken").at(-1)?.url).toContain(`active_org_id=${DEMO_IDS.globex}`));
    await act(() => client.refresh());

    fireEvent.click(screen.getByRole("button", { name: "Account" }));
    expect(navigations).toEqual([`${inject("prismUrl")}/account`]);

    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Loading…")).toBeTruthy(); // Home shows it whenever nobody is logged in
    expect(client.getSnapshot().status).toBe("logged_out");
  });
});
