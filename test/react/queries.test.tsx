import { act, renderHook, waitFor } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { loadContract } from "../../scripts/codegen/contract.js";
import { buildOperations, type OperationModel } from "../../scripts/codegen/model.js";
import { repoRoot } from "../../scripts/lib/repo-root.js";
import type { OperationId } from "../../src/generated/operations.js";
import * as queries from "../../src/generated/queries.js";
import * as queryHooks from "../../src/generated/query-hooks.js";
import {
  AuthQueryProvider,
  useAuthInfo,
  useCreateOrg,
  useListOrgMembersInfinite,
  useListOrgMembers,
  listOrgMembersKeys,
  getLoginStateKeys,
  allQueriesKey,
} from "../../src/hooks/index.js";
import { DEMO_IDS } from "../../src/emulator/seeds/demo-seed.js";
import { getAuthTransport } from "../../src/session/index.js";
import { validRequests } from "../support/valid-requests.js";
import { prismClient, providerWrapper, testQueryClient } from "./support.js";

const operations = buildOperations(await loadContract(`${repoRoot}/openapi/auth-api.yaml`)).filter(
  (op) => op.surface === "frontend",
);
const queryOps = operations.filter((op) => op.kind === "query");
const mutationOps = operations.filter((op) => op.kind === "mutation");

/** A valid request of every fe/v3 query and mutation (test/support/valid-requests.ts), about Acme where an org is needed. */
const ACME = DEMO_IDS.acme;
const requestOf = (op: OperationModel): object | undefined =>
  (validRequests as Record<string, object | undefined>)[op.operationId];
const queryRequests: Record<string, object> = Object.fromEntries(
  queryOps.map((op) => [op.operationId, requestOf(op) ?? {}]),
);
const mutationVariables: Record<string, object | undefined> = Object.fromEntries(
  mutationOps.map((op) => [op.operationId, requestOf(op)]),
);

/** The same request for another org: path/query-scoped invalidation must leave those entries alone. */
const OTHER_ORG = "org_other";
const forOtherOrg = (request: object): object => JSON.parse(JSON.stringify(request).replaceAll(ACME, OTHER_ORG));

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);
type AnyFn = (...args: unknown[]) => unknown;
const generated = { ...queries, ...queryHooks } as unknown as Record<string, AnyFn>;

it("has a generated hook for every fe/v3 operation", () => {
  for (const op of queryOps) expect(typeof generated[`use${pascal(op.operationId)}`], op.operationId).toBe("function");
  for (const op of mutationOps)
    expect(typeof generated[`${op.operationId}MutationOptions`], op.operationId).toBe("function");
});

/** Mounts the given queries (through their generated hooks), then runs one mutation through its generated hook. */
function mountQueriesAndMutation(mutation: OperationModel, targets: { op: string; request: object; name: string }[]) {
  const kit = prismClient();
  const queryClient = testQueryClient();
  const view = renderHook(
    () => {
      const results = Object.fromEntries(
        targets.map((t) => [t.name, (generated[`use${pascal(t.op)}`] as AnyFn)(t.request) as { isSuccess: boolean }]),
      );
      const mutate = (generated[`use${pascal(mutation.operationId)}`] as AnyFn)() as {
        mutateAsync(v: unknown): Promise<unknown>;
      };
      return { results, mutate, auth: useAuthInfo() };
    },
    { wrapper: providerWrapper({ client: kit.client, queryClient }) },
  );
  return { ...kit, view, queryClient };
}

describe.each(mutationOps.filter((op) => op.invalidates.length > 0))(
  "$operationId invalidates its declared queries",
  (mutation) => {
    it(`refetches ${mutation.invalidates.map((i) => i.operationId).join(", ")} and leaves other orgs' entries alone`, async () => {
      const targets = mutation.invalidates.map((i) => ({
        op: i.operationId,
        request: queryRequests[i.operationId]!,
        name: i.operationId,
      }));
      const scoped = mutation.invalidates.filter((i) => Object.keys(i.path).length || Object.keys(i.query).length);
      const others = scoped.map((i) => ({
        op: i.operationId,
        request: forOtherOrg(queryRequests[i.operationId]!),
        name: `${i.operationId}:other`,
      }));
      const { view, requests } = mountQueriesAndMutation(mutation, [...targets, ...others]);
      await waitFor(() => expect(Object.values(view.result.current.results).every((r) => r.isSuccess)).toBe(true));
      await waitFor(() => expect(view.result.current.auth.status).toBe("logged_in"));
      const scopedOps = new Set(scoped.map((i) => i.operationId));
      const count = (op: string, orgId: string) =>
        requests.filter((r) => r.operationId === op && (scopedOps.has(op) ? r.url.includes(orgId) : true)).length;
      const before = Object.fromEntries([
        ...targets.map((t) => [t.name, count(t.op, ACME)]),
        ...others.map((t) => [t.name, count(t.op, OTHER_ORG)]),
      ]);
      await act(() => view.result.current.mutate.mutateAsync(mutationVariables[mutation.operationId]));
      for (const target of targets) expect(count(target.op, ACME), target.name).toBe(before[target.name] + 1);
      for (const other of others) expect(count(other.op, OTHER_ORG), other.name).toBe(before[other.name]);
    });
  },
);

describe.each(mutationOps.filter((op) => op.sessionEffect === "refresh"))(
  "$operationId refreshes the session",
  (mutation) => {
    it("makes one refresh request before the mutation resolves", async () => {
      const { view, requestsOf } = mountQueriesAndMutation(mutation, []);
      await waitFor(() => expect(view.result.current.auth.status).toBe("logged_in"));
      const before = requestsOf("refreshToken").length;
      await act(() => view.result.current.mutate.mutateAsync(mutationVariables[mutation.operationId]));
      expect(requestsOf("refreshToken")).toHaveLength(before + 1);
    });
  },
);

/** A documented success example of each `refresh-if-finished` mutation whose login step is not Finished. */
const unfinishedExample: Record<string, string> = {
  login: "TwoFactorRequired",
  signup: "ConfirmEmailRequired",
  verifyMfa: "UserMetadataRequired",
  verifyBackupCode: "OrgCreationRequired",
};

it("the refresh-if-finished table covers every such mutation", () => {
  const declared = mutationOps.filter((op) => op.sessionEffect === "refresh-if-finished").map((op) => op.operationId);
  expect(Object.keys(unfinishedExample).sort()).toEqual(declared.sort());
});

describe.each(Object.keys(unfinishedExample))("%s (refresh-if-finished)", (operationId) => {
  /** A logged-out visitor with the generated mutation hook mounted. */
  function mount() {
    const kit = prismClient({ prefer: { refreshToken: "code=401" } });
    const view = renderHook(
      () => ({
        auth: useAuthInfo(),
        mutate: (generated[`use${pascal(operationId)}`] as AnyFn)() as {
          mutateAsync(v: unknown): Promise<{ login_state: string }>;
        },
      }),
      { wrapper: providerWrapper({ client: kit.client, queryClient: testQueryClient() }) },
    );
    return { ...kit, view, operation: operationId as OperationId };
  }

  it("with example=Finished refreshes the session before the mutation resolves", async () => {
    const { view, prefer, requestsOf, operation } = mount();
    await waitFor(() => expect(view.result.current.auth.status).toBe("logged_out"));
    prefer[operation] = "example=Finished";
    delete prefer.refreshToken; // the server now has a session
    const before = requestsOf("refreshToken").length;
    const data = await act(() => view.result.current.mutate.mutateAsync(mutationVariables[operationId]));
    expect(data.login_state).toBe("Finished");
    expect(requestsOf("refreshToken")).toHaveLength(before + 1);
    expect(view.result.current.auth.status).toBe("logged_in");
  });

  it(`with example=${unfinishedExample[operationId]} does not refresh`, async () => {
    const { view, prefer, requestsOf, operation } = mount();
    await waitFor(() => expect(view.result.current.auth.status).toBe("logged_out"));
    prefer[operation] = `example=${unfinishedExample[operationId]}`;
    const before = requestsOf("refreshToken").length;
    const data = await act(() => view.result.current.mutate.mutateAsync(mutationVariables[operationId]));
    expect(data.login_state).toBe(unfinishedExample[operationId]);
    expect(requestsOf("refreshToken")).toHaveLength(before);
    expect(view.result.current.auth.status).toBe("logged_out");
  });
});

describe("session effects", () => {
  it("createOrg: the new org appears in the auth info right after the mutation resolves", async () => {
    const { client, prefer } = prismClient({ prefer: { refreshToken: "example=no_orgs" } });
    const { result } = renderHook(() => ({ auth: useAuthInfo(), createOrg: useCreateOrg() }), {
      wrapper: providerWrapper({ client, queryClient: testQueryClient() }),
    });
    await waitFor(() => expect(result.current.auth.status).toBe("logged_in"));
    expect(result.current.auth.isLoggedIn && result.current.auth.orgs).toEqual([]);
    delete prefer.refreshToken; // the server now reports the user with orgs
    await act(() =>
      result.current.createOrg.mutateAsync({
        body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false },
      }),
    );
    expect(result.current.auth.isLoggedIn && result.current.auth.orgs.length).toBeGreaterThan(0);
  });

  it("deleteMe logs the user out", async () => {
    const deleteMe = mutationOps.find((op) => op.operationId === "deleteMe")!;
    expect(deleteMe.sessionEffect).toBe("logout");
    const { view, requestsOf } = mountQueriesAndMutation(deleteMe, []);
    await waitFor(() => expect(view.result.current.auth.status).toBe("logged_in"));
    await act(() => view.result.current.mutate.mutateAsync(undefined));
    expect(view.result.current.auth.status).toBe("logged_out");
    expect(requestsOf("logout")).toHaveLength(1);
  });

  it("a hook's own onSuccess runs after the generated effects", async () => {
    const { client, requestsOf } = prismClient();
    const order: string[] = [];
    const { result } = renderHook(
      () => ({
        auth: useAuthInfo(),
        createOrg: useCreateOrg({
          onSuccess: () => void order.push(`user onSuccess after ${requestsOf("refreshToken").length} refreshes`),
        }),
      }),
      { wrapper: providerWrapper({ client, queryClient: testQueryClient() }) },
    );
    await waitFor(() => expect(result.current.auth.status).toBe("logged_in"));
    await act(() =>
      result.current.createOrg.mutateAsync({
        body: { name: "Acme", autojoin_by_domain: false, restrict_to_domain: false },
      }),
    );
    expect(order).toEqual(["user onSuccess after 2 refreshes"]);
  });
});

describe("keys and infinite lists", () => {
  it("builds hierarchical keys with partial filters and a separate infinite segment", () => {
    expect(listOrgMembersKeys.all).toEqual(["orgauth", "listOrgMembers"]);
    expect(listOrgMembersKeys.matching({ path: { orgId: "o" } })).toEqual([
      "orgauth",
      "listOrgMembers",
      { orgId: "o" },
    ]);
    expect(listOrgMembersKeys.query({ path: { orgId: "o" }, query: { page_size: 5 } })).toEqual([
      "orgauth",
      "listOrgMembers",
      { orgId: "o" },
      { page_size: 5 },
    ]);
    expect(listOrgMembersKeys.infinite({ path: { orgId: "o" }, query: { page_size: 5 } })).toEqual([
      "orgauth",
      "listOrgMembers",
      { orgId: "o" },
      { page_size: 5 },
      "infinite",
    ]);
    expect(getLoginStateKeys.query()).toEqual(["orgauth", "getLoginState", {}, {}]);
    expect(allQueriesKey).toEqual(["orgauth"]);
  });

  it("an infinite list and a single page of the same request live in separate cache entries", async () => {
    const { client, requestsOf } = prismClient();
    const queryClient = testQueryClient();
    const request = { path: { orgId: "org_acme" } };
    const { result } = renderHook(
      () => ({ page: useListOrgMembers(request), pages: useListOrgMembersInfinite(request) }),
      {
        wrapper: providerWrapper({ client, queryClient }),
      },
    );
    await waitFor(() => expect(result.current.page.isSuccess && result.current.pages.isSuccess).toBe(true));
    expect(result.current.pages.data?.pages).toHaveLength(1);
    expect(result.current.pages.hasNextPage).toBe(true); // the first_page example says has_more_results
    await act(() => result.current.pages.fetchNextPage());
    await waitFor(() => expect(result.current.pages.data?.pages).toHaveLength(2));
    expect(requestsOf("listOrgMembers").map((r) => new URL(r.url).searchParams.get("page_number"))).toEqual([
      null,
      "0",
      "1",
    ]);
    expect(queryClient.getQueryData(listOrgMembersKeys.query(request))?.users).toBeDefined();
    expect(queryClient.getQueryData(listOrgMembersKeys.infinite(request))?.pages).toHaveLength(2);
  });

  it("POST queries (x-query) are not refetched on their own: useQuery of security status fetches once", async () => {
    const { client, requestsOf } = prismClient();
    const { result, rerender } = renderHook(
      () => useQuery(queries.getSecurityStatusQueryOptions(getAuthTransport(client))),
      {
        wrapper: providerWrapper({ client, queryClient: testQueryClient(), provider: AuthQueryProvider }),
      },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender();
    expect(requestsOf("getSecurityStatus")).toHaveLength(1);
    expect(result.current.isStale).toBe(false);
  });
});
