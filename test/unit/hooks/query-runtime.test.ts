import { describe, expect, it, vi } from "vitest";
import { withHookOptions } from "../../../src/hooks/hook-options.js";
import { endSession, refreshSession, type MutationSession } from "../../../src/hooks/mutation-session.js";
import { allQueriesKey, queryKeyRoot } from "../../../src/hooks/query-keys.js";

/** The runtime the generated React Query layer imports: option merging, session effects, the key root. */
function fakeSession(outcome: { refresh?: "fail"; logout?: "fail" } = {}): MutationSession & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    transport: { call: () => Promise.reject(new Error("no calls expected")) },
    refresh: async () => {
      calls.push("refresh");
      if (outcome.refresh === "fail") throw new Error("refresh failed");
    },
    logout: async () => {
      calls.push("logout");
      if (outcome.logout === "fail") throw new Error("logout failed");
    },
  };
}

const mutationArgs = [1, 2, undefined, {}] as unknown as Parameters<
  NonNullable<Parameters<typeof withHookOptions<number, Error, number>>[0]["onSuccess"]>
>;

describe("withHookOptions", () => {
  it("returns the generated options when the hook has none", () => {
    const base = { mutationFn: async () => 1 };
    expect(withHookOptions(base, undefined)).toBe(base);
  });

  it("keeps the generated key and fetcher over the hook's other options", () => {
    const mutationFn = async () => 1;
    const merged = withHookOptions<number, Error, void>({ mutationKey: ["k"], mutationFn }, { retry: 2 });
    expect(merged).toMatchObject({ mutationKey: ["k"], mutationFn, retry: 2 });
  });

  it("runs the generated onSuccess to its end before the hook's", async () => {
    const order: string[] = [];
    const own = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push("generated");
    };
    const theirs = vi.fn(() => order.push("hook"));
    const merged = withHookOptions<number, Error, number>({ onSuccess: own }, { onSuccess: theirs });
    await merged.onSuccess!(...mutationArgs);
    expect(order).toEqual(["generated", "hook"]);
    expect(theirs).toHaveBeenCalledWith(...mutationArgs);
  });

  it("uses the hook's onSuccess alone when the operation has no effects", () => {
    const theirs = () => undefined;
    expect(withHookOptions<number, Error, number>({}, { onSuccess: theirs }).onSuccess).toBe(theirs);
  });
});

describe("session effects", () => {
  it("refreshSession swallows a failed refresh (the engine reports it)", async () => {
    const session = fakeSession({ refresh: "fail" });
    await expect(refreshSession(session)).resolves.toBeUndefined();
    expect(session.calls).toEqual(["refresh"]);
  });

  it("endSession logs out, and settles with a refresh when the logout call fails", async () => {
    const ok = fakeSession();
    await endSession(ok);
    expect(ok.calls).toEqual(["logout"]);
    const failing = fakeSession({ logout: "fail", refresh: "fail" });
    await expect(endSession(failing)).resolves.toBeUndefined();
    expect(failing.calls).toEqual(["logout", "refresh"]);
  });
});

describe("query keys", () => {
  it("every key starts with the one root", () => {
    expect(allQueriesKey).toEqual([queryKeyRoot]);
  });
});
