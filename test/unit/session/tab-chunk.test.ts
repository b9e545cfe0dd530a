/**
 * Tab coordination is a later chunk (tab-coordinator-chunk.ts), loaded when a client is created: a page's first
 * refresh is sent without waiting for it, a chunk that never arrives holds nothing up for longer than
 * `crossTabWaitMs`, and once it has arrived a second tab still takes the first tab's session without a request.
 * The chunk's arrival is held back here until a test lets it through (in test order: the first test never does).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeBrowser, sessionWorld } from "./fake-world.js";

const chunk = vi.hoisted(() => {
  let arrive: (value?: undefined) => void = () => undefined;
  const arrived = new Promise<undefined>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock("../../../src/session/tab-coordinator-chunk.js", async (importOriginal) => {
  const module = await importOriginal(); // loaded at once, handed over once a test lets it through
  await chunk.arrived;
  return module;
});

const world = sessionWorld({ holdsTabChunk: true });
let browser: FakeBrowser;

// the session engine's own chunk is at hand from the start, so that only the coordinator's is held back
beforeAll(async () => {
  await import("../../../src/session/session-engine.js");
});

beforeEach(() => {
  browser = world.browser;
  browser.server.latencyMs = 20;
});

describe("tab coordination's later chunk", () => {
  it("a chunk that never arrives: the first refresh leaves at once and logs in as soon as its answer comes", async () => {
    const { client } = world.openClient({ crossTabWaitMs: 500 });
    client.start();
    await vi.advanceTimersByTimeAsync(30); // the answer takes 20 ms; only its sharing waits for the chunk
    expect(browser.server.refreshCount).toBe(1);
    expect(client.getSnapshot().status).toBe("logged_in");
    await vi.advanceTimersByTimeAsync(500); // the chunk given up on: nothing more is sent
    expect(client.getSnapshot().status).toBe("logged_in");
    expect(browser.server.refreshCount).toBe(1);
  });

  it("a client destroyed before the chunk arrives leaves no timer running", async () => {
    const { client } = world.openClient();
    client.start();
    await vi.advanceTimersByTimeAsync(100); // its first refresh is answered and waits for the chunk to be shared
    client.destroy();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the first refresh leaves before the chunk arrives and a tab opened meanwhile waits for it; then a later tab takes the first tab's session", async () => {
    const first = world.openClient();
    first.client.start();
    await vi.advanceTimersByTimeAsync(5); // the first tab's request is out (20 ms); no chunk has arrived
    const meanwhile = world.openClient();
    meanwhile.client.start();
    await vi.advanceTimersByTimeAsync(95);
    expect(browser.server.refreshCount).toBe(1);
    chunk.arrive();
    await vi.waitFor(() => expect(first.client.getSnapshot().status).toBe("logged_in"));
    await vi.waitFor(() => expect(meanwhile.client.getSnapshot().status).toBe("logged_in"));
    expect(browser.server.refreshCount).toBe(1);
    const second = world.openClient();
    second.client.start();
    await vi.waitFor(() => expect(second.client.getSnapshot().status).toBe("logged_in"));
    expect(browser.server.refreshCount).toBe(1);
    // and a refresh later on is still shared: the first tab's forced refresh reaches the second tab
    const before = second.client.getSnapshot();
    const refreshed = first.client.refresh();
    await vi.advanceTimersByTimeAsync(200);
    await refreshed;
    expect(browser.server.refreshCount).toBe(2);
    expect(second.client.getSnapshot()).not.toBe(before);
  });

  it("a tab opened while the first refresh sent ahead of the chunk is out waits for that refresh", async () => {
    const first = world.openClient(); // the chunk has arrived; this page's first refresh still goes before it is handed over
    first.client.start();
    await vi.advanceTimersByTimeAsync(5); // the first tab's request is out (20 ms)
    const second = world.openClient();
    second.client.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(first.client.getSnapshot().status).toBe("logged_in");
    expect(second.client.getSnapshot().status).toBe("logged_in");
    expect(browser.server.refreshCount).toBe(1);
  });
});
