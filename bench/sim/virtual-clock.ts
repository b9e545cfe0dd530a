/**
 * A small discrete-event scheduler on a virtual clock, for simulations that must not depend on real time
 * (or on vitest's fake timers). Events run in (time, insertion order) order; after each one every pending
 * promise continuation is let run before the clock moves on, so async code behaves as if the event loop
 * had really waited. The clock starts at a fixed epoch time so that `Date` headers look real.
 */

/** A scheduled callback; `cancelled` is set by `clear`. */
export interface VirtualTimer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
  cancelled: boolean;
}

/** Lets every queued promise continuation (microtask) run: they all drain before a macrotask fires. */
function drainMicrotasks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A virtual clock with a timer queue; nothing runs until `runUntil` is called. */
export class VirtualClock {
  private current: number;
  private seq = 0;
  private readonly queue: VirtualTimer[] = []; // a binary min-heap on (at, seq)
  /** How many events have run (cancelled ones excluded). */
  eventsRun = 0;

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.current = startMs;
  }

  /** The current virtual time in epoch milliseconds. */
  now(): number {
    return this.current;
  }

  /** Schedules `callback` after `ms` of virtual time (negative or NaN counts as 0), like `setTimeout`. */
  schedule(callback: () => void, ms: number): VirtualTimer {
    const delay = Number.isFinite(ms) && ms > 0 ? ms : 0;
    const timer: VirtualTimer = { at: this.current + delay, seq: this.seq++, callback, cancelled: false };
    this.push(timer);
    return timer;
  }

  /** Cancels a timer returned by `schedule`; anything else is ignored, like `clearTimeout`. */
  clear(timer: unknown): void {
    if (timer && typeof timer === "object" && "cancelled" in timer) (timer as VirtualTimer).cancelled = true;
  }

  /** Runs every event due up to `endMs` (inclusive) in order, then leaves the clock at `endMs`. */
  async runUntil(endMs: number): Promise<void> {
    await drainMicrotasks();
    for (;;) {
      const next = this.queue[0];
      if (!next || next.at > endMs) break;
      this.pop();
      if (next.cancelled) continue;
      this.current = next.at;
      this.eventsRun++;
      try {
        next.callback();
      } catch (error) {
        throw new Error(`simulated event at +${next.at} ms threw`, { cause: error });
      }
      await drainMicrotasks();
    }
    this.current = Math.max(this.current, endMs);
  }

  private before(a: VirtualTimer, b: VirtualTimer): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(timer: VirtualTimer): void {
    const heap = this.queue;
    heap.push(timer);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): void {
    const heap = this.queue;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    for (let i = 0; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
  }
}
