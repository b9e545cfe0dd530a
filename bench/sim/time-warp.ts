/**
 * Simulated time in a real browser: a page script that makes the page's clock and timers run `factor` times
 * faster than real time from `startMs`, so a client running at its default timing (a check every 60 s, a refresh
 * with 10 minutes left) lives an hour in a fraction of one. The page server stamps its tokens and `Date` headers
 * with `warpedNow` from the same start and factor, so the page and the server share one simulated clock.
 */

/** The shared simulated clock: where it starts and how much faster it runs. */
export interface Warp {
  startMs: number;
  factor: number;
}

/** The simulated time at the real time `realMs`. */
export function warpedNow(warp: Warp, realMs = Date.now()): number {
  return warp.startMs + (realMs - warp.startMs) * warp.factor;
}

/**
 * The page script for `addInitScript` (plain JavaScript, run before the page's own): `Date.now`, `new Date()` and
 * `performance.now` read the simulated clock, and timer delays of a second or more (the clock-driven ones: checks,
 * expiry) shrink by the factor; shorter waits (retry pauses, waits for a tab message) stay real, as the time a message
 * or a request takes does.
 */
export function timeWarpScript({ startMs, factor }: Warp): string {
  return `(() => {
  const startMs = ${startMs}, factor = ${factor};
  const RealDate = Date, realNow = Date.now.bind(Date);
  const now = () => startMs + (realNow() - startMs) * factor;
  class WarpedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(now()); else super(...args); }
    static now() { return now(); }
  }
  globalThis.Date = WarpedDate;
  const realPerformanceNow = performance.now.bind(performance), perfStart = realPerformanceNow();
  performance.now = () => perfStart + (realPerformanceNow() - perfStart) * factor;
  const scale = (delay) => { const ms = Number(delay ?? 0); return ms >= 1000 ? ms / factor : ms; };
  const realSetTimeout = globalThis.setTimeout.bind(globalThis), realSetInterval = globalThis.setInterval.bind(globalThis);
  globalThis.setTimeout = (handler, delay, ...rest) => realSetTimeout(handler, scale(delay), ...rest);
  globalThis.setInterval = (handler, delay, ...rest) => realSetInterval(handler, scale(delay), ...rest);
})();`;
}
