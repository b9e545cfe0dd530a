/**
 * The "after" code of docs/migrating-from-propelauth.md, compiled here so the guide's worked example stays true
 * (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess). Keep the two in step.
 */
import { QueryClient } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { describe, expectTypeOf, it } from "vitest";
import {
  AuthProvider,
  isApiError,
  RedirectToLogin,
  RequireAuth,
  useActiveOrg,
  useAuthInfo,
  useInviteUser,
  useListOrgMembers,
  useMfa,
  usePagedSearch,
  withRequiredAuthInfo,
  type WithRequiredAuthInfoProps,
} from "../../src/react.js";
import type * as core from "../../src/index.js";
import type * as react from "../../src/react.js";

// --- main.tsx
const queryClient = new QueryClient();

export function Root({ children }: { children: ReactNode }) {
  return (
    <AuthProvider
      authUrl="https://auth.example.com"
      queryClient={queryClient}
      requireLogin
      loadingFallback={<p>Loading…</p>}
      loggedOutFallback={<RedirectToLogin />}
    >
      {children}
    </AuthProvider>
  );
}

// --- Members.tsx
export function Members() {
  const { activeOrg } = useActiveOrg(); // chosen by the library: last selection, else the first org
  const paging = usePagedSearch({ debounceMs: 300, pageSize: 20 });
  const orgId = activeOrg?.orgId ?? "";
  const members = useListOrgMembers(
    { path: { orgId }, query: { ...paging.pageQuery, email_search: paging.debouncedSearch } },
    { enabled: activeOrg !== null },
  );
  const invite = useInviteUser();
  if (!activeOrg) return <p>You are not in an organisation yet.</p>;
  return (
    <section>
      <input value={paging.search} onChange={(event) => paging.setSearch(event.target.value)} />
      <ul>
        {members.data?.users.map((member) => (
          <li key={member.user_id}>{member.email}</li>
        ))}
      </ul>
      <button type="button" disabled={!paging.hasPreviousPage} onClick={paging.previousPage}>
        Previous
      </button>
      <button type="button" disabled={!members.data?.has_more_results} onClick={paging.nextPage}>
        Next
      </button>
      {activeOrg.isAtLeastRole("Admin") && (
        <button
          type="button"
          onClick={() => invite.mutate({ body: { org_id: orgId, email: "grace@acme.com", role: "Member" } })}
        >
          Invite Grace
        </button>
      )}
      {isApiError(invite.error, "inviteUser") && invite.error.code === "action_already_complete" && (
        <p>Grace is already invited.</p>
      )}
    </section>
  );
}

// --- Security.tsx
export function Security() {
  const mfa = useMfa();
  switch (mfa.status) {
    case "loading":
      return <p>Loading…</p>;
    case "unexpected_error":
      return (
        <button type="button" onClick={() => void mfa.reload()}>
          Try again
        </button>
      );
    case "disabled":
      return (
        <button type="button" onClick={() => void mfa.enable("123456")}>
          Turn on ({mfa.securityStatus.new_secret})
        </button>
      );
    case "enabled":
      return (
        <button type="button" onClick={() => void mfa.disable()}>
          Turn off
        </button>
      );
  }
}

// --- Billing.tsx: an admin-only page calling the app's own backend with a fresh token
function BillingPage({ auth }: WithRequiredAuthInfoProps) {
  const load = async () => {
    const token = await auth.getAccessToken();
    await fetch("/api/billing", { headers: { Authorization: `Bearer ${token ?? ""}` } });
  };
  return (
    <button type="button" onClick={() => void load()}>
      Load invoices for {auth.authUser.getOrgs().length} orgs
    </button>
  );
}
export const Billing = withRequiredAuthInfo(BillingPage, {
  atLeastRole: "Admin",
  forbiddenFallback: <p>Admins only</p>,
});

export function AdminsOnly({ children }: { children: ReactNode }) {
  return (
    <RequireAuth atLeastRole="Admin" forbiddenFallback={<p>Admins only</p>}>
      {children}
    </RequireAuth>
  );
}

export function Greeting() {
  const auth = useAuthInfo();
  return <p>{auth.isLoggedIn ? `Hello ${auth.user.firstName ?? auth.user.email}` : "Hello"}</p>;
}

describe("the migration guide's worked example", () => {
  it("compiles against the public entry", () => {
    expectTypeOf(Billing).toEqualTypeOf<ComponentType<Omit<WithRequiredAuthInfoProps, "auth">>>();
  });

  it("finds the core's data types in the React entry, the same types as the core's", () => {
    expectTypeOf<react.OrgMembership>().toEqualTypeOf<core.OrgMembership>();
    expectTypeOf<react.User>().toEqualTypeOf<core.User>();
    expectTypeOf<react.AuthInfo>().toEqualTypeOf<core.AuthInfo>();
    expectTypeOf<react.AuthClient>().toEqualTypeOf<core.AuthClient>();
    expectTypeOf<react.AuthUser>().toEqualTypeOf<core.AuthUser>();
    expectTypeOf<react.AuthOrg>().toEqualTypeOf<core.AuthOrg>();
  });
});
