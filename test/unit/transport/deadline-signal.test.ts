/** The signal a call hands to fetch: its deadline's own, the caller's when no timer can fire, none when nothing can abort it. */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { getOrgSettings } from "../../../src/generated/operations.js";
import { createTransport } from "../../../src/transport/index.js";

function recordingTransport(answer: (signal: AbortSignal | null | undefined) => Promise<Response>) {
  const signals: (AbortSignal | null | undefined)[] = [];
  const fetch = (_input: string | URL | Request, init?: RequestInit) => {
    signals.push(init?.signal);
    return answer(init?.signal);
  };
  return { transport: createTransport({ authUrl: "https://auth.example.com", fetch, validation: "off" }), signals };
}

const settings = async () => Response.json({ org_id: "o1" });

describe("the signal fetch gets", () => {
  it("with a deadline that can fire: its own signal, not the caller's", async () => {
    const { transport, signals } = recordingTransport(settings);
    const caller = new AbortController();
    await getOrgSettings(transport, { query: { org_id: "o1" } }, { signal: caller.signal });
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(signals[0]).not.toBe(caller.signal);
  });

  it("with no deadline: the caller's own signal, and its abort ends the call with the caller's reason", async () => {
    const hanging = (signal: AbortSignal | null | undefined) =>
      new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
    const { transport, signals } = recordingTransport(hanging);
    const caller = new AbortController();
    const call = getOrgSettings(
      transport,
      { query: { org_id: "o1" } },
      { signal: caller.signal, timeoutMs: Number.POSITIVE_INFINITY },
    );
    const reason = new Error("left the page");
    caller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(signals[0]).toBe(caller.signal);
  });

  it("with no deadline and no caller signal: none (nothing can abort the call)", async () => {
    const { transport, signals } = recordingTransport(settings);
    await getOrgSettings(transport, { query: { org_id: "o1" } }, { timeoutMs: Number.POSITIVE_INFINITY });
    expect(signals).toEqual([undefined]);
  });

  it("with a deadline: ends a stalled body itself, with no abort listener of the transport's on the signal", async () => {
    let fire: (() => void) | undefined;
    const timers = { setTimeout: (callback: () => void) => (fire = callback), clearTimeout: () => undefined };
    const handed: AbortSignal[] = [];
    const stalled = new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode("{")) });
    const fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      handed.push(init!.signal!);
      return new Response(stalled, { headers: { "Content-Type": "application/json" } });
    };
    const transport = createTransport({ authUrl: "https://auth.example.com", fetch, timers, validation: "off" });
    const call = getOrgSettings(transport, { query: { org_id: "o1" } }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // waiting for the body: nothing of the transport listens on its own signal (the timer ends the wait directly)
    expect(getEventListeners(handed[0]!, "abort")).toHaveLength(0);
    fire?.();
    expect(await call).toMatchObject({ code: "unexpected_error", status: 0, cause: { kind: "timeout" } });
    expect(handed[0]!.aborted).toBe(true);
  });
});
