/**
 * Cross-tab single flight when the tabs' refresh timers fire in the same tick and their messages reach the siblings
 * only after the request was answered: whichever tab wins the right to refresh re-reads the shared record of the
 * last refresh and skips its own request when a sibling already refreshed (or is refreshing) for that due time.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthEvent } from "../../../src/session/index.js";
import { sessionWorld } from "./fake-world.js";

const world = sessionWorld();

beforeEach(() => {
  world.browser.server.latencyMs = 20;
  world.browser.messageLatencyMs = 50; // slower than a round trip: a result is in before the siblings hear of it
});

/** The refresh requests' times after `from`, in seconds. */
function refreshTimesAfter(from: number): number[] {
  return world.browser.server.requests
    .filter((r) => r.url.pathname.endsWith("refresh_token") && r.at > from)
    .map((r) => r.at / 1000);
}

describe("tabs whose refresh timers fire in the same tick", () => {
  for (const variant of [
    { name: "BroadcastChannel + Web Locks", options: {} },
    { name: "BroadcastChannel without Web Locks", options: { withLocks: false } },
  ]) {
    it(`${variant.name}: 5 tabs send one refresh per due time, the others adopt it`, async () => {
      const events: AuthEvent[] = [];
      const tabs = Array.from({ length: 5 }, () => world.openClient({ tab: variant.options, events }));
      for (const { client } of tabs) client.start(); // one tick: every tab's check timer fires with the others'
      await vi.advanceTimersByTimeAsync(60_000);
      const afterStart = Date.now();
      await vi.advanceTimersByTimeAsync(3_600_000); // 1800 s tokens: a refresh due every ~1200 s
      const times = refreshTimesAfter(afterStart);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times.slice(1).every((t, i) => t - times[i]! > 1_000)).toBe(true); // one request per due time
      const tokens = tabs.map(
        ({ client }) => (client.getSnapshot() as { authInfo: { accessToken: string } }).authInfo.accessToken,
      );
      expect(new Set(tokens).size).toBe(1);
    });
  }

  it("a tab whose timer fires after a sibling's answer but before its messages arrive adopts that answer", async () => {
    world.browser.server.lifetimeSeconds = 500; // under the 600 s threshold: every refresh is due at once
    const [a, b] = [world.openClient(), world.openClient()];
    a.client.start();
    b.client.start();
    await vi.advanceTimersByTimeAsync(15_000);
    const before = world.browser.server.refreshCount;
    const first = a.client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(25); // a's answer is in and its lock released; its messages are on the way
    const second = b.client.getAuthInfo();
    await vi.advanceTimersByTimeAsync(200);
    const [fromA, fromB] = await Promise.all([first, second]);
    expect(world.browser.server.refreshCount - before).toBe(1);
    expect(fromB?.accessToken).toBe(fromA?.accessToken);
  });
});
