// The React layer's timers run on the library's one `Timers` seam: the provider's deferred destroy on its client's
// environment, the search debounce on the timers it is given.
import { act, render, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuthProvider, usePagedSearch, useAuthClient, type Timers } from "../../src/hooks/index.js";
import { createBrowserEnvironment, type AuthClient } from "../../src/session/index.js";

/** Timers that run only when the test says so. */
function manualTimers() {
  const due = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      due.set(++next, { callback, ms });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
  };
  const runAll = () => {
    for (const [handle, { callback }] of [...due]) {
      due.delete(handle);
      callback();
    }
  };
  return { timers, due, runAll };
}

describe("the React layer's timers", () => {
  it("usePagedSearch debounces on the timers it is given", () => {
    const { timers, due, runAll } = manualTimers();
    const { result } = renderHook(() => usePagedSearch({ debounceMs: 250, timers }));
    act(() => result.current.setSearch("ada"));
    expect([...due.values()].map((timer) => timer.ms)).toContain(250);
    expect(result.current.debouncedSearch).toBeUndefined();
    act(() => runAll());
    expect(result.current.debouncedSearch).toBe("ada");
  });

  it("AuthProvider destroys the client it owns on its environment's timers", async () => {
    const { timers, due, runAll } = manualTimers();
    const environment = createBrowserEnvironment({
      ...timers,
      fetch: async () => new Response(null, { status: 401 }),
      openChannel: () => null,
      locks: null,
      storage: null,
    });
    let client: AuthClient | undefined;
    function Probe() {
      client = useAuthClient();
      return null;
    }
    const view = render(
      <AuthProvider authUrl="https://auth.example.com" options={{ environment, tabs: null, backgroundRefresh: false }}>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => undefined);
    view.unmount();
    expect([...due.values()].some((timer) => timer.ms === 0)).toBe(true);
    await expect(client!.getAuthInfo()).resolves.toBeNull(); // not destroyed until the environment's timer runs
    act(() => runAll());
    await expect(client!.getAuthInfo()).rejects.toThrow("destroyed");
  });
});
