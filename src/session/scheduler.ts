/**
 * The engine's clock-driven wake-up: the background check (every 60 s by default; the focus / online / visible and
 * storage listeners are the environment's, registered by the engine). The background timer runs only while
 * `start()`ed, so a logged-out tab has no timer at all.
 */
import type { AuthEnvironment, TimerHandle } from "./environment.js";

/** The background check timer. */
export interface BackgroundTimer {
  /** Starts ticking (idempotent). */
  start(): void;
  /** Stops ticking and clears the pending timer (idempotent). */
  stop(): void;
}

/** Creates a re-arming timer that calls `tick` every `intervalMs` while started; `tick` errors are swallowed. */
export function createBackgroundTimer(env: AuthEnvironment, intervalMs: number, tick: () => void): BackgroundTimer {
  /** The pending check's timer: set while started, and only then. */
  let handle: TimerHandle | undefined;
  const arm = () => {
    handle = env.setTimeout(() => {
      arm(); // the next check is armed first: a tick that stops the timer clears it
      try {
        tick();
      } catch {
        // The engine reports its own failures as events; a timer must never throw.
      }
    }, intervalMs);
  };
  return {
    start() {
      if (handle === undefined) arm();
    },
    stop() {
      if (handle !== undefined) env.clearTimeout(handle);
      handle = undefined;
    },
  };
}
