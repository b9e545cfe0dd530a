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
  let handle: TimerHandle | undefined;
  let running = false;
  const arm = () => {
    handle = env.setTimeout(() => {
      handle = undefined;
      try {
        tick();
      } catch {
        // The engine reports its own failures as events; a timer must never throw.
      }
      if (running) arm();
    }, intervalMs);
  };
  return {
    start() {
      if (running) return;
      running = true;
      arm();
    },
    stop() {
      running = false;
      if (handle !== undefined) env.clearTimeout(handle);
      handle = undefined;
    },
  };
}
