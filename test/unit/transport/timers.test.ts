import { afterEach, describe, expect, it, vi } from "vitest";
import { getOrgSettings } from "../../../src/generated/operations.js";
import { createAuthClient, createBrowserEnvironment, getAuthTransport } from "../../../src/session/index.js";
import { createTransport, DEFAULT_TIMEOUT_MS, type Timers } from "../../../src/transport/index.js";

/** One timer seam and one default timeout for the session calls and the fe calls. */
const hangingFetch = (_input: string | URL | Request, init?: RequestInit): Promise<Response> =>
  new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));

afterEach(() => {
  vi.useRealTimers();
});

describe("timers", () => {
  it("a standalone transport times out after the one default (10 s), like the session calls", async () => {
    vi.useFakeTimers();
    const transport = createTransport({ authUrl: "https://auth.example.com", fetch: hangingFetch });
    const call = getOrgSettings(transport, { query: { org_id: "o1" } }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(await call).toMatchObject({ code: "unexpected_error", cause: { kind: "timeout" } });
  });

  it("the client's fe calls run on the environment's timers, as its session calls do", async () => {
    const scheduled: number[] = [];
    const timers = recordingTimers(scheduled);
    const environment = createBrowserEnvironment({
      ...timers,
      fetch: async () => Response.json({ org_id: "o1", org_name: "Acme" }),
      storage: null,
      onWake: () => () => undefined,
      onStorageChange: () => () => undefined,
      openChannel: () => null,
      locks: null,
    });
    // no first refresh at creation: only the fe call's timer is counted
    const client = createAuthClient({
      authUrl: "https://auth.example.com",
      environment,
      timeoutMs: 7_000,
      initialRefresh: false,
    });
    await getOrgSettings(getAuthTransport(client), { query: { org_id: "o1" } }, {}).catch(() => undefined);
    expect(scheduled).toEqual([7_000]);
    client.destroy();
  });

  it("sets one timer per call, and none when its deadline cannot fire", async () => {
    const scheduled: number[] = [];
    const timers = recordingTimers(scheduled);
    const fetch = async () => Response.json({ org_id: "o1", org_name: "Acme" });
    const transport = createTransport({ authUrl: "https://auth.example.com", fetch, timers, validation: "off" });
    await getOrgSettings(transport, { query: { org_id: "o1" } });
    expect(scheduled).toEqual([DEFAULT_TIMEOUT_MS]);
    for (const timeoutMs of [Number.POSITIVE_INFINITY, 2 ** 31]) {
      await expect(getOrgSettings(transport, { query: { org_id: "o1" } }, { timeoutMs })).resolves.toBeDefined();
    }
    expect(scheduled).toEqual([DEFAULT_TIMEOUT_MS]);
  });
});

/** Real timers that record the delay of each timer set, in `scheduled`. */
function recordingTimers(scheduled: number[]): Timers {
  return {
    setTimeout: (callback, ms) => {
      scheduled.push(ms);
      return globalThis.setTimeout(callback, ms);
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}
